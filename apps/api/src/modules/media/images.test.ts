// Pictures: demo originals drawn as SVG, WebP resizing with a disk cache, and the refusals.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-img-'));
  t = await buildTestApp({ dataDir, imageHosts: ['cdn.example.com', '127.0.0.1'] });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('images', () => {
  it('serves a demo original as SVG, the same every time', async () => {
    const a = await get('/media/demo/0/1.svg');
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.body).toContain('<svg');
    expect((await get('/media/demo/0/1.svg')).body).toBe(a.body);
    expect((await get('/media/demo/0/2.svg')).body).not.toBe(a.body);
  });

  it('resizes to WebP by width or height, caches on disk, immutable', async () => {
    const res = await get('/img/w324/media/demo/3/1.svg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(324);
    const byHeight = await sharp((await get('/img/h120/media/demo/3/1.svg')).rawPayload).metadata();
    expect(byHeight.height).toBe(120);
    const cached = await readdir(path.join(dataDir, 'img-cache'), { recursive: true });
    expect(cached.filter((f) => f.endsWith('.webp'))).toHaveLength(2);
    expect((await get('/img/w324/media/demo/3/1.svg')).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 400 for a bad size, path or host, 404 for an unknown picture', async () => {
    for (const url of [
      '/img/w5/media/demo/0/1.svg',
      '/img/w5000/media/demo/0/1.svg',
      '/img/x300/media/demo/0/1.svg',
      '/img/w324/media/../../etc/passwd.svg',
      '/img/w324/etc%2Fpasswd',
      `/img/w324/${encodeURIComponent('https://evil.example.org/a.jpg')}`,
      `/img/w324/${encodeURIComponent('http://cdn.example.com/a.jpg')}`,
      `/img/w324/${encodeURIComponent('https://cdn.example.com/')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message.length).toBeGreaterThan(3);
    }
    expect((await get('/img/w324/media/demo/99999/1.svg')).statusCode).toBe(404);
    expect((await get('/img/w324/media/demo/0/99.svg')).statusCode).toBe(404);
    expect((await get('/media/demo/0/99.svg')).statusCode).toBe(404);
    expect((await get('/media/uploads/none.jpg')).statusCode).toBe(404);
  });

  it('answers 502 bad_gateway when an allowed host cannot be reached', async () => {
    // A listed name standing for a public host, on a port where nothing listens (no network needed).
    const reachable = await buildTestApp(
      { dataDir, imageHosts: ['cdn.example.com'] },
      {
        database: t.database,
        imageFetch: { resolve: async () => [{ address: '127.0.0.1', family: 4 }], isAllowedAddress: () => true },
      },
    );
    try {
      const res = await reachable.app.inject({
        url: `/img/w324/${encodeURIComponent('https://cdn.example.com:1/a.jpg')}`,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: { code: 'bad_gateway', message: 'Не удалось загрузить картинку' } });
    } finally {
      await reachable.app.close();
    }
  });

  it('refuses loopback even when it is a listed host (docs/product.md §16)', async () => {
    const res = await get(`/img/w324/${encodeURIComponent('https://127.0.0.1:1/a.jpg')}`);
    expect(res.statusCode).toBe(400);
  });
});
