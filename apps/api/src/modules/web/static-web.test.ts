// The built web app is served with the precompressed .br/.gz siblings the build writes, to
// browsers that accept them, and as is to those that do not.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/app.ts';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('магазин '.repeat(400))});`;
const html = `<!doctype html><html lang="ru"><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [file, body] of [
    ['index.html', html],
    ['assets/index-abc.js', script],
  ] as const) {
    await writeFile(path.join(webDist, file), body);
    await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(body));
    await writeFile(path.join(webDist, `${file}.gz`), gzipSync(body));
  }
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('static web app', () => {
  it('sends brotli to browsers that accept it, plain to others', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers app routes with the compressed index.html', async () => {
    // A page outside the first screen: index.html as built (first-screen.test.ts: the others).
    const res = await t.app.inject({ url: '/orders/history', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });
});

describe('one setting names the bot (issue 27)', () => {
  it('the page carries BOT_USERNAME/APP_NAME for share links, the same the invite link uses', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const other = await buildTestApp({ webDist: dist, botUsername: 'real_shop_bot', appName: 'store' });
    try {
      const page = await other.app.inject({ url: '/profile' });
      expect(page.body).toContain('<meta name="shop-links" content="real_shop_bot/store">');
      const authorization = await login(other.app);
      const invite = await other.app.inject({ url: '/api/v1/referral', headers: { authorization } });
      expect(invite.statusCode, invite.body).toBe(200);
      expect(invite.body).toContain('https://t.me/real_shop_bot/store?startapp=ref_');
    } finally {
      await other.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
