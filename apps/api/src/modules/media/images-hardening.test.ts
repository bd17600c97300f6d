// The image resizer under attack (issue 14): names that resolve to loopback, redirects to private
// addresses, decompression bombs, oversized remote pictures, sizes nobody configured.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/** A real PNG of `size`×`size` 1-bit grey pixels: a few kB that decode to `size`² bytes. */
function pngBomb(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((Math.ceil(size / 8) + 1) * size); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: Server;
let port: number;
let hugeWritten = 0;
let hugeClosedAt = -1;
/** Resolved when the server's answer stream closes (the client cut it off). */
const hugeClosedAtWaiters: (() => void)[] = [];
const hugeClosedAtSignal = () =>
  hugeClosedAt > 0 ? Promise.resolve() : new Promise<void>((resolve) => hugeClosedAtWaiters.push(resolve));
let smallPng: Buffer;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  smallPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/small.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(smallPng);
    if (req.url === '/to-private.png')
      return void res.writeHead(302, { location: 'http://internal.test/secret.png' }).end();
    if (req.url === '/huge.png') {
      hugeWritten = 0;
      hugeClosedAt = -1;
      res.writeHead(200, { 'content-type': 'image/png' });
      res.on('close', () => {
        hugeClosedAt = hugeWritten;
        for (const closed of hugeClosedAtWaiters.splice(0)) closed();
      });
      const piece = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (hugeWritten < 64 * 1024 * 1024) {
          hugeWritten += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-img-hard-'));
  await mkdir(path.join(dataDir, 'media', 'up'), { recursive: true });
  await writeFile(path.join(dataDir, 'media', 'up', 'bomb.png'), pngBomb(11_000));
  // The local server stands for a public image host: `img.test` resolves to it, and only its
  // address is let through — everything else keeps the production rule (public addresses only).
  t = await buildTestApp(
    { dataDir, imageHosts: ['img.test', 'internal.test', 'cdn.example.com'] },
    {
      imageFetch: {
        protocols: ['http:'],
        resolve: async (host) => [{ address: host === 'internal.test' ? '10.0.0.5' : '127.0.0.1', family: 4 }],
        isAllowedAddress: (a) => a === '127.0.0.1',
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const remote = (size: string, p: string) => `/img/${size}/${encodeURIComponent(`http://img.test:${port}${p}`)}`;

describe('image resizer', () => {
  it('fetches and resizes from an allowed host (the local stand-in)', async () => {
    const res = await get(remote('w64', '/small.png'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('a listed name that resolves to a private address is refused after DNS, and so is a redirect to one', async () => {
    const direct = await get(`/img/w324/${encodeURIComponent(`http://internal.test:${port}/a.png`)}`);
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toEqual({
      error: { code: 'bad_request', message: 'Картинки с этого адреса не поддерживаются' },
    });
    const redirected = await get(remote('w324', '/to-private.png'));
    expect(redirected.statusCode).toBe(400);
  });

  it('with the production rules, an allowed name resolving to loopback is refused', async () => {
    const strict = await buildTestApp(
      { dataDir, imageHosts: ['cdn.example.com', '127.0.0.1'] },
      { database: t.database, imageFetch: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] } },
    );
    try {
      for (const source of ['https://cdn.example.com/a.png', `https://127.0.0.1:${port}/small.png`]) {
        const res = await strict.app.inject({ url: `/img/w324/${encodeURIComponent(source)}` });
        expect(res.statusCode, source).toBe(400);
      }
    } finally {
      await strict.app.close();
    }
  });

  it('a decompression bomb is refused from its header, quickly', async () => {
    const started = performance.now();
    const res = await get('/img/w324/media/up/bomb.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'Картинка слишком большая' } });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('an oversized remote picture is cut off at the 15 MB cap, not read to 64 MB', async () => {
    const res = await get(remote('w324', '/huge.png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'Картинка слишком большая' } });
    await hugeClosedAtSignal();
    expect(hugeClosedAt).toBeGreaterThan(0);
    expect(hugeClosedAt).toBeLessThan(32 * 1024 * 1024);
  });

  it('renders only the configured sizes: any other is a 400 and caches nothing', async () => {
    const before = (await readdir(path.join(dataDir, 'img-cache'), { recursive: true }).catch(() => [])).length;
    for (const size of ['w300', 'w301', 'h599', 'w17', 'w2399'])
      expect((await get(`/img/${size}/media/demo/3/1.svg`)).statusCode, size).toBe(400);
    const after = (await readdir(path.join(dataDir, 'img-cache'), { recursive: true }).catch(() => [])).length;
    expect(after).toBe(before);
    expect((await get('/img/w324/media/demo/3/1.svg')).statusCode).toBe(200);
  });
});
