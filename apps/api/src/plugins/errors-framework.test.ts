// Unknown API addresses and errors raised before routing answer in the one error shape: never the
// web app's HTML, never Fastify's or Node's own bodies. Parser errors (431) go over a real socket.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let webDist: string;
let port: number;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ webDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A real HTTP request (so Node's parser runs); resolves with status, content type and body. */
function realRequest(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: pathAndQuery, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('unknown API addresses', () => {
  it('answer 404 in the error shape for every method, while app routes still get the HTML', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/nothing-here', '/api/v3/product', '/api', '/api/', '/api?x=1']) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
        expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
    const page = await t.app.inject({ url: '/catalog/5' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});

describe('errors before routing', () => {
  it('a URL that does not decode: 400 bad_request', async () => {
    const res = await t.app.inject({ url: '/api/v1/product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'Некорректный адрес запроса' } });
  });

  it('a path parameter over the length limit: 414 in the error shape (404 once the app catches all paths)', async () => {
    const url = `/api/v1/product/${'1'.repeat(500)}`;
    // Without the web app nothing else matches, so the router reports the long parameter.
    const apiOnly = await buildTestApp();
    try {
      const res = await apiOnly.app.inject({ url });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({
        error: { code: 'bad_request', message: 'Слишком длинный адрес запроса' },
      });
    } finally {
      await apiOnly.close();
    }
    // With it, the app's catch-all route matches first and an /api path is a JSON 404.
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('headers or a URL over the size limit: 431 in the error shape, from a real socket', async () => {
    for (const res of [
      await realRequest('/api/v1/categories', { 'x-padding': 'a'.repeat(64 * 1024) }),
      await realRequest(`/api/v1/categories?q=${'a'.repeat(64 * 1024)}`),
    ]) {
      expect(res.status).toBe(431);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'bad_request', message: 'Слишком большие заголовки запроса' },
      });
    }
  });
});
