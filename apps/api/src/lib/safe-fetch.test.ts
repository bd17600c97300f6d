// The SSRF-safe fetch against a real local HTTP server. The server is on loopback, so these tests
// let exactly one loopback address through (`isAllowedAddress`) and point made-up names at it
// (`resolve`) — the production defaults refuse both, which the first tests prove.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.ts';

let server: Server;
let port: number;
let bytesWritten = 0;
let socketClosedAt = -1;
/** Resolved when the server's answer stream closes (the client cut it off). */
const socketClosedAtWaiters: (() => void)[] = [];
const socketClosedAtSignal = () =>
  socketClosedAt > 0 ? Promise.resolve() : new Promise<void>((resolve) => socketClosedAtWaiters.push(resolve));

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA');
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
    } else if (url.pathname === '/to-private') {
      res.writeHead(302, { location: 'http://internal.test/secret' }).end();
    } else if (url.pathname === '/to-other-host') {
      res.writeHead(301, { location: 'http://evil.test/x.png' }).end();
    } else if (url.pathname === '/to-ok') {
      res.writeHead(302, { location: '/ok.png' }).end();
    } else if (url.pathname === '/huge') {
      // 64 MB without Content-Length, written as fast as the client reads.
      bytesWritten = 0;
      socketClosedAt = -1;
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      res.on('close', () => {
        socketClosedAt = bytesWritten;
        for (const closed of socketClosedAtWaiters.splice(0)) closed();
      });
      const pump = () => {
        while (bytesWritten < 64 * 1024 * 1024) {
          bytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (url.pathname === '/declared-huge') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('x');
    } else if (url.pathname === '/slow') {
      // Never answers.
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const names: Record<string, string> = {
  'shop.test': '127.0.0.1',
  'internal.test': '10.1.2.3',
  'evil.test': '127.0.0.1',
  'metadata.test': '169.254.169.254',
};
const local = (overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  allowedHosts: ['shop.test', 'internal.test', 'metadata.test'],
  maxBytes: 1024 * 1024,
  timeoutMs: 2000,
  protocols: ['http:'],
  resolve: async (host) => (names[host] ? [{ address: names[host], family: 4 }] : []),
  isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
  ...overrides,
});
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e: unknown) => (e instanceof SafeFetchError ? e.reason : `other: ${String(e)}`),
  );

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata, mapped and unspecified addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd00::1',
      'fd00:ec2::254',
      '224.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '93.184.216.34', '2a00:1450:4010:c0e::65']) expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('safeFetch', () => {
  it('fetches from an allowed host, following a redirect within the host list', async () => {
    const res = await safeFetch(`http://shop.test:${port}/to-ok`, local());
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('PNGDATA');
    expect(res.url.pathname).toBe('/ok.png');
  });

  it('with the production defaults, a name resolving to loopback is refused after DNS', async () => {
    const options = local({ isAllowedAddress: undefined });
    expect(await reason(safeFetch(`http://shop.test:${port}/ok.png`, options))).toBe('private_address');
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/ok.png`, local({ allowedHosts: ['127.0.0.1'], isAllowedAddress: undefined })))).toBe('private_address');
    expect(await reason(safeFetch(`http://[::1]:${port}/ok.png`, local({ allowedHosts: ['[::1]', '::1'], isAllowedAddress: undefined })))).toBe('private_address');
  });

  it('names resolving to private or metadata addresses are refused', async () => {
    expect(await reason(safeFetch(`http://internal.test:${port}/x.png`, local()))).toBe('private_address');
    expect(await reason(safeFetch(`http://metadata.test/latest/meta-data`, local()))).toBe('private_address');
  });

  it('every redirect is checked again: to a private address, to a host not listed, and capped', async () => {
    expect(await reason(safeFetch(`http://shop.test:${port}/to-private`, local()))).toBe('private_address');
    expect(await reason(safeFetch(`http://shop.test:${port}/to-other-host`, local()))).toBe('host_not_allowed');
    expect(await reason(safeFetch(`http://shop.test:${port}/loop`, local({ maxRedirects: 3 })))).toBe(
      'too_many_redirects',
    );
  });

  it('only https by default; no credentials in URLs; hosts outside the list', async () => {
    const https = local({ protocols: undefined });
    expect(await reason(safeFetch(`http://shop.test:${port}/ok.png`, https))).toBe('bad_url');
    expect(await reason(safeFetch(`http://u:p@shop.test:${port}/ok.png`, local()))).toBe('bad_url');
    expect(await reason(safeFetch(`http://other.test:${port}/ok.png`, local()))).toBe('host_not_allowed');
    expect(await reason(safeFetch('file:///etc/passwd', local()))).toBe('bad_url');
  });

  it('an oversized answer is cut off at the cap, not read to the end', async () => {
    expect(await reason(safeFetch(`http://shop.test:${port}/declared-huge`, local()))).toBe('too_large');
    expect(await reason(safeFetch(`http://shop.test:${port}/huge`, local({ maxBytes: 1024 * 1024 })))).toBe(
      'too_large',
    );
    await socketClosedAtSignal();
    // The server stopped well before 64 MB: the client closed the connection near the 1 MB cap
    // (plus what socket buffers held).
    expect(socketClosedAt).toBeGreaterThan(0);
    expect(socketClosedAt).toBeLessThan(16 * 1024 * 1024);
  });

  it('a host that never answers times out', async () => {
    const started = performance.now();
    expect(await reason(safeFetch(`http://shop.test:${port}/slow`, local({ timeoutMs: 300 })))).toBe('timeout');
    // Well before the 10 s default, so the 300 ms asked for was used; the bound leaves a loaded
    // machine seconds of slack.
    expect(performance.now() - started).toBeLessThan(8000);
  });
});
