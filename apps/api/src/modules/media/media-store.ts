// Where the shop's files live (DESIGN §14, docs/operations.md, decision 050): uploaded find
// screenshots, catalogue pictures (`media/…`), the Poizon fixture's pictures and the resizer's
// cache (`img-cache/…`). One interface, two stores: the local folder DATA_DIR (default; one
// machine) or any S3-compatible bucket (`MEDIA_STORE=s3`), so that instances share nothing on
// disk. Keys are the same in both: a path relative to DATA_DIR, which is the object key in the
// bucket.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type MediaSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** An S3-compatible server (Yandex Object Storage, SeaweedFS, Garage…); unset: AWS. */
      endpoint?: string | undefined;
      region: string;
      bucket: string;
      /** Unset: the AWS SDK's default chain (environment, instance role). */
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
      /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted stores). */
      forcePathStyle: boolean;
    };

export type StoredFile = { key: string; modifiedMs: number };

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** The file's bytes; undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Writes the whole file at once: a reader never sees half of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** True when this call removed the file (false: it was not there). */
  delete(key: string): Promise<boolean>;
  /** The files directly under `folder` (a key ending in `/`), with their last change. */
  list(folder: string): Promise<StoredFile[]>;
  close(): void;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths without dot-segments or hidden names: they cannot leave the store. */
export function checkKey(key: string, folder = false): string {
  const bare = folder ? key.replace(/\/$/, '') : key;
  if (!KEY.test(bare) || bare.split('/').some((s) => s === '.' || s === '..'))
    throw new Error(`bad media key: ${JSON.stringify(key)}`);
  return bare;
}

export function createMediaStore(settings: MediaSettings | undefined, dataDir: string): MediaStore {
  return settings?.kind === 's3' ? s3Store(settings) : localStore(dataDir);
}

function localStore(root: string): MediaStore {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    get: async (key) => readFile(file(key)).catch(() => undefined),
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    exists: async (key) =>
      stat(file(key)).then(
        (s) => s.isFile(),
        () => false,
      ),
    delete: async (key) =>
      unlink(file(key)).then(
        () => true,
        () => false,
      ),
    async list(folder) {
      const dir = path.join(root, checkKey(folder, true));
      const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const files: StoredFile[] = [];
      for (const entry of names) {
        if (!entry.isFile()) continue;
        const modifiedMs = await stat(path.join(dir, entry.name)).then(
          (s) => s.mtimeMs,
          () => undefined,
        );
        if (modifiedMs !== undefined)
          files.push({ key: `${checkKey(folder, true)}/${entry.name}`, modifiedMs });
      }
      return files;
    },
    close() {},
  };
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

function s3Store(settings: Extract<MediaSettings, { kind: 's3' }>): MediaStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the CRC32
    // headers the SDK sends by default since 3.729 (decision 050).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
      );
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 whether or not the key was there: ask first, so that two instances
      // sweeping at once do not both count the same file.
      if (!(await this.exists(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      return true;
    },
    async list(folder) {
      const Prefix = `${checkKey(folder, true)}/`;
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) files.push({ key: o.Key, modifiedMs: o.LastModified?.getTime() ?? Date.now() });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
    close: () => client.destroy(),
  };
}
