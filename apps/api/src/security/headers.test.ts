// Security headers on every answer (issue 14, Deliver 1): the web app may be framed by Telegram's
// web clients only; API answers, the sandbox payment page and the docs by nobody.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../test/app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'shop-web-headers-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('the web app: CSP with Telegram as the only framer, nosniff, Referrer-Policy, no HSTS outside production', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'frame-ancestors')).toBe(
      'frame-ancestors https://web.telegram.org https://webk.telegram.org https://webz.telegram.org',
    );
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('API answers (200, 401, 404, 400) carry the headers and cannot be framed', async () => {
    const authorization = await login(t.app);
    for (const [url, headers, status] of [
      ['/api/v2/product', {}, 200],
      ['/api/v1/profile', {}, 401],
      ['/api/v1/profile', { authorization }, 200],
      ['/api/v1/nothing', {}, 404],
      ['/api/v2/product?limit=abc', {}, 400],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(status);
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe(
        "frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBeDefined();
    }
  });

  it('a JSON answer carries the headers that matter for JSON: a policy that allows nothing, not the document policy', async () => {
    for (const [url, status] of [
      ['/healthz', 200],
      ['/api/v2/product', 200],
      ['/api/v1/nothing', 404],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(String(res.headers['content-type']), url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Headers only a document uses are not written on every JSON answer.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('an HTML page carries the full document policy; under /api it cannot be framed', async () => {
    const page = await t.app.inject({ url: '/' });
    const sandbox = await t.app.inject({ url: '/api/v1/pay/sandbox/00000000-0000-4000-8000-000000000000' });
    expect(sandbox.statusCode).toBe(404);
    for (const res of [page, sandbox]) {
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      const csp = res.headers['content-security-policy'];
      expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(directive(csp, 'form-action')).toBe("form-action 'self'");
      expect(directive(csp, 'worker-src')).toBe("worker-src 'self'");
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['origin-agent-cluster']).toBe('?1');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect(directive(sandbox.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(sandbox.headers['x-frame-options']).toBe('DENY');
    expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(
      'frame-ancestors https://web.telegram.org https://webk.telegram.org https://webz.telegram.org',
    );
  });

  it('CORS is closed: a cross-origin preflight or request gets no Access-Control-Allow-Origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ url: '/api/v2/product', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the API docs keep working under their own policy, never framed', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'];
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(String(csp)).not.toContain('upgrade-insecure-requests');
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('HSTS in production only', async () => {
    const prod = await buildTestApp({ isProduction: true, webDist }, { database: t.database });
    try {
      const res = await prod.app.inject({ url: '/api/v2/product' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const page = await prod.app.inject({ url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await prod.app.close();
    }
  });
});
