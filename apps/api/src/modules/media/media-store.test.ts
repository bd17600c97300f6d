// The media store (decision 050): the same behaviour from the local folder and from an
// S3-compatible server (s3rver, started here), and the app on MEDIA_STORE=s3 keeping uploads,
// catalogue pictures and the resizer's cache in the bucket and nothing in DATA_DIR.
import type { FindUpload } from '@shop/contract';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3.ts';
import { ORPHAN_SCREENSHOT_MS, sweepOrphanScreenshots } from '../find/screenshots.ts';
import { checkKey, createMediaStore, type MediaStore } from './media-store.ts';

let s3: LocalS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-media-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('the %s media store', (kind) => {
  let store: MediaStore;
  beforeAll(() => {
    store = createMediaStore(kind === 's3' ? s3.settings : { kind: 'local' }, dataDir);
  });
  afterAll(() => store.close());

  it('puts, gets, lists, deletes; a missing file is undefined, not an error', async () => {
    const body = Buffer.from(`picture from ${kind}`);
    expect(await store.get(`media/t-${kind}/a.jpg`)).toBeUndefined();
    expect(await store.exists(`media/t-${kind}/a.jpg`)).toBe(false);
    const before = Date.now();
    await store.put(`media/t-${kind}/a.jpg`, body, 'image/jpeg');
    await store.put(`media/t-${kind}/deeper/b.jpg`, Buffer.from('b'), 'image/jpeg');
    expect((await store.get(`media/t-${kind}/a.jpg`))?.equals(body)).toBe(true);
    expect(await store.exists(`media/t-${kind}/a.jpg`)).toBe(true);
    const listed = await store.list(`media/t-${kind}/`);
    // Only the folder's own files, not those of a folder inside it.
    expect(listed.map((f) => f.key)).toEqual([`media/t-${kind}/a.jpg`]);
    // S3 keeps whole seconds.
    expect(listed[0]!.modifiedMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await store.delete(`media/t-${kind}/a.jpg`)).toBe(true);
    expect(await store.delete(`media/t-${kind}/a.jpg`)).toBe(false);
    expect(await store.get(`media/t-${kind}/a.jpg`)).toBeUndefined();
    expect(await store.list(`media/none-${kind}/`)).toEqual([]);
  });

  it('refuses keys that would leave the store', async () => {
    for (const key of ['../etc/passwd', 'media/../../x', '/abs/path', 'media//x', '.hidden/x', 'media/./x'])
      await expect(store.get(key), key).rejects.toThrow(/bad media key/);
    expect(() => checkKey('media/ok/file-1.jpg')).not.toThrow();
  });
});

describe('the app with MEDIA_STORE=s3', () => {
  let t: TestApp;
  let appDataDir: string;
  let bucket: MediaStore;
  beforeAll(async () => {
    appDataDir = await mkdtemp(path.join(tmpdir(), 'shop-media-app-'));
    t = await buildTestApp({
      dataDir: appDataDir,
      media: s3.settings,
      poizon: { provider: 'fixture', minIntervalMs: 0 },
    });
    bucket = createMediaStore(s3.settings, '/nonexistent');
  }, 60_000);
  afterAll(async () => {
    bucket?.close();
    await t?.close();
    await rm(appDataDir, { recursive: true, force: true });
  });

  it('stores a find screenshot in the bucket, serves it, and the sweep deletes it there', async () => {
    const auth = await login(t.app);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([
      { name: 'image', value: png, filename: 'shot.png', type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/find/uploads',
      payload,
      headers: { ...headers, authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json<{ result: FindUpload }>().result;
    const inBucket = await bucket.get(up.image_url.slice(1));
    expect(inBucket?.length).toBe(up.bytes);
    const served = await t.app.inject({ url: up.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(inBucket!)).toBe(true);

    const dayLater = Date.now() + ORPHAN_SCREENSHOT_MS + 60_000;
    expect(await sweepOrphanScreenshots(t.app.db, t.app.media, dayLater)).toEqual([
      path.basename(up.image_url),
    ]);
    expect(await bucket.exists(up.image_url.slice(1))).toBe(false);
    expect((await t.app.inject({ url: up.image_url })).statusCode).toBe(404);
  });

  it('serves and resizes a catalogue picture from the bucket, caching the WebP in the bucket', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    await bucket.put('media/catalog/s3-red.png', png, 'image/png');
    const original = await t.app.inject({ url: '/media/catalog/s3-red.png' });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
    const resized = await t.app.inject({ url: '/img/w324/media/catalog/s3-red.png' });
    expect(resized.statusCode, resized.body).toBe(200);
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(324);
    const key = createHash('sha256').update('w324\nmedia/catalog/s3-red.png').digest('hex');
    const cached = await bucket.list(`img-cache/${key.slice(0, 2)}/`);
    expect(cached.map((f) => f.key)).toEqual([`img-cache/${key.slice(0, 2)}/${key}.webp`]);
    expect((await bucket.get(cached[0]!.key))?.equals(resized.rawPayload)).toBe(true);
  });

  it('writes the Poizon fixture pictures to the bucket and nothing to DATA_DIR', async () => {
    expect((await bucket.list('media/poizon/')).length).toBeGreaterThan(0);
    expect(await readdir(appDataDir)).toEqual([]);
  });
});
