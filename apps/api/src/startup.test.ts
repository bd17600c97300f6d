// Starting and stopping a shop process (startup.ts, docs/operations.md): `/readyz` is 503 until
// the migrations are applied and the app is built, and from the moment a stop begins while the
// requests in flight are finished; `/livez` answers throughout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { startShop, type RunningShop } from './startup.ts';
import { testEnv } from './test/app.ts';

type Ready = { status: string; checks?: Record<string, boolean> };

let slowHost: Server;
let slowPort: number;
let answerSlow: () => void = () => undefined;
const slowAsked: (() => void)[] = [];
let png: Buffer;
let closePort: () => void = () => undefined;
const closeGate = new Promise<void>((resolve) => (closePort = resolve));

/** Resolves once `url` no longer takes connections (each try is one request). */
async function waitUntilRefused(url: string): Promise<void> {
  for (;;) {
    const refused = await fetch(url, { headers: { connection: 'close' } }).then(
      () => false,
      () => true,
    );
    if (refused) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#39f' } })
    .png()
    .toBuffer();
  // An image host that answers only when the test says so: a request in flight on demand.
  slowHost = createServer((_req, res) => {
    answerSlow = () => res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    for (const s of slowAsked.splice(0)) s();
  });
  await new Promise<void>((resolve) => slowHost.listen(0, '127.0.0.1', resolve));
  slowPort = (slowHost.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => slowHost.close(() => resolve()));
});

describe('a shop process starting and stopping', () => {
  let shop: RunningShop | undefined;
  afterAll(async () => {
    await shop?.stop();
  });

  it('answers /readyz 503 "starting" until migrated and built, then 200; /livez at once', async () => {
    let migrate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (migrate = resolve));
    // A fresh, unmigrated database: the start runs every migration.
    const database = await openDatabase({});
    const env = testEnv({ port: 0, imageHosts: ['img.test'] });
    let listening: (port: number) => void = () => undefined;
    const portKnown = new Promise<number>((resolve) => (listening = resolve));
    const started = startShop(env, {
      database,
      beforeMigrate: gate,
      beforeClose: closeGate,
      onListening: listening,
      build: {
        logger: false,
        pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 },
        imageFetch: {
          protocols: ['http:'],
          resolve: async () => [{ address: '127.0.0.1', family: 4 }],
          isAllowedAddress: (a) => a === '127.0.0.1',
        },
      },
    });
    const port = await portKnown;
    const base = `http://127.0.0.1:${port}`;
    const early = await fetch(`${base}/readyz`);
    expect(early.status).toBe(503);
    expect(((await early.json()) as Ready).status).toBe('starting');
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const api = await fetch(`${base}/api/v2/catalog/products`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');

    migrate();
    shop = await started;
    expect(shop.port).toBe(port);
    // Ready once the catalogue index has loaded: wait for that signal, then ask over HTTP.
    await shop.app.ready();
    let ready: Response;
    for (;;) {
      ready = await fetch(`${base}/readyz`);
      if (ready.status === 200) break;
      const body = (await ready.json()) as Ready;
      // Only the index may still be loading: the migrations are done.
      expect(body.checks).toMatchObject({ database: true, migrations: true, not_shutting_down: true });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      checks: { database: true, migrations: true, catalog_index: true, not_shutting_down: true },
    });
  }, 120_000);

  it('on stop: /readyz 503 at once, the request in flight is finished, then the port closes', async () => {
    const base = `http://127.0.0.1:${shop!.port}`;
    const asked = new Promise<void>((resolve) => slowAsked.push(resolve));
    const inFlight = fetch(`${base}/img/w64/${encodeURIComponent(`http://img.test:${slowPort}/slow.png`)}`);
    await asked;
    const stopping = shop!.stop();
    // The instance says it is going away while it still answers and the request is in flight.
    const during = await fetch(`${base}/readyz`);
    expect(during.status).toBe(503);
    expect(((await during.json()) as Ready).status).toBe('shutting_down');
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    closePort();
    // The port closes while the request in flight is still being served; then it is finished.
    await waitUntilRefused(`${base}/livez`);
    answerSlow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    await stopping;
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
    shop = undefined;
  });
});
