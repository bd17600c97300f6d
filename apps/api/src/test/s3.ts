// A local S3-compatible server for tests (s3rver 3.7.1, files in a temporary folder), so the S3
// path of the media store (modules/media/media-store.ts) is tested against a real HTTP S3 API.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaSettings } from '../modules/media/media-store.ts';

export type LocalS3 = {
  /** MEDIA_STORE=s3 settings pointing at this server's bucket. */
  settings: Extract<MediaSettings, { kind: 's3' }>;
  /** The same, as the environment variables a server process reads. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startLocalS3(bucket = 'shop-media', port = 0): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver accepts these fixed credentials (it checks the signature with them).
  const settings = {
    kind: 's3' as const,
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
