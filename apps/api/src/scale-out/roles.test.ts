// Past one machine (DESIGN §14, docs/operations.md, decision 050): two `web` instances and one
// `worker`, each with its own connection pool and its own empty DATA_DIR, on one PostgreSQL, one
// Redis (when TEST_REDIS_URL is set, as CI does when Redis answers) and one S3-compatible server
// (s3rver, started here). Nothing is shared on disk: a screenshot uploaded through one web
// instance is served by the other; an unpaid order lapses exactly once, in the worker; a web
// instance never runs a job. PostgreSQL only: embedded PGlite is one process.
import type { FindUpload } from '@shop/contract';
import { inArray, sql } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { orders, orderStatusHistory } from '../db/schema/index.ts';
import { placeOrder, shopper } from '../test/console-kit.ts';
import { buildTestApp, testEnv, type TestApp } from '../test/app.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/database.ts';
import { waitFor } from '../test/fake-bot-api.ts';
import { variantQty } from '../test/fixtures.ts';
import { multipart } from '../test/multipart.ts';
import { startLocalS3, type LocalS3 } from '../test/s3.ts';

const METRICS = 'metrics-token-for-roles-0123';

describe.runIf(testDatabaseUrl())('two web instances and one worker on one database and one bucket', () => {
  let s3: LocalS3;
  let database: DatabaseHandle & { url?: string };
  const pools: DatabaseHandle[] = [];
  const dataDirs: string[] = [];
  let web1: TestApp;
  let web2: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase();
    const instance = async (role: 'web' | 'worker', db: DatabaseHandle) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `shop-${role}-`));
      dataDirs.push(dataDir);
      return buildTestApp(
        {
          role,
          dataDir,
          media: s3.settings,
          metricsToken: METRICS,
          orderTtlMin: 30,
          redisUrl: process.env.TEST_REDIS_URL || undefined,
          rateLimits: { ...testEnv().rateLimits, redisPrefix: `roles-${process.pid}-` },
        },
        // Every instance is told to run the jobs often: only the worker may.
        { database: db, jobs: { unpaidOrdersEveryMs: 20, findQuotesEveryMs: 20, bonusExpiryEveryMs: 20 } },
      );
    };
    const pool = async () => {
      const p = await openDatabase({ url: database.url!, maxConnections: 5 });
      pools.push(p);
      return p;
    };
    web1 = await instance('web', database);
    web2 = await instance('web', await pool());
    worker = await instance('worker', await pool());
  }, 120_000);

  afterAll(async () => {
    for (const t of [web1, web2, worker]) await t?.app.close();
    for (const p of pools) await p.close();
    await database?.close();
    await s3?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('a screenshot uploaded through one web instance is served by the other', async () => {
    const s = await shopper(web1.app);
    const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#e91' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([
      { name: 'image', value: png, filename: 'shot.png', type: 'image/png' },
    ]);
    const up = await web1.app.inject({
      method: 'POST',
      url: '/api/v1/find/uploads',
      payload,
      headers: { ...headers, authorization: s.authorization },
    });
    expect(up.statusCode, up.body).toBe(201);
    const { image_url, bytes } = up.json<{ result: FindUpload }>().result;
    const served = await web2.app.inject({ url: image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.length).toBe(bytes);
    // The other instance also takes it on a request, and resizes it into the shared cache.
    const created = await web2.app.inject({
      method: 'POST',
      url: '/api/v1/find/requests',
      headers: { authorization: s.authorization },
      payload: { source: 'photo', image_url },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await web2.app.inject({ url: `/img/w324${image_url}` })).statusCode).toBe(200);
    // No instance wrote anything to its own folder.
    for (const dir of dataDirs) expect(await readdir(dir)).toEqual([]);
  });

  it('unpaid orders lapse exactly once, in the worker; the web instances run no job', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopper(web1.app)));
    const placed = [];
    for (const [i, b] of buyers.entries())
      placed.push(await placeOrder(i % 2 ? web2.app : web1.app, b, { qty: 3 }));
    const ids = placed.map((p) => p.orderId);
    for (const { variantId } of placed) expect(await variantQty(database.db, variantId)).toBe(2);
    await database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(inArray(orders.id, ids));
    await waitFor(
      async () => {
        const rows = await database.db
          .select({ status: orders.status })
          .from(orders)
          .where(inArray(orders.id, ids));
        return rows.every((r) => r.status === 'canceled');
      },
      'the unpaid orders to lapse',
      60_000,
    );
    for (const { variantId } of placed) expect(await variantQty(database.db, variantId)).toBe(3);
    const history = await database.db
      .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids));
    expect(history.filter((h) => h.status === 'canceled')).toHaveLength(ids.length);

    expect(worker.app.jobRuns.total('unpaid_orders')).toBeGreaterThan(0);
    for (const web of [web1, web2]) {
      expect([...web.app.jobRuns.counts.keys()]).toEqual([]);
      expect(web.app.importRunner).toBeUndefined();
      expect(web.app.outboxWorker).toBeUndefined();
    }
    // What an operator sees in /metrics: the worker's passes, none on the web instances.
    const metric = async (t: TestApp) =>
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
    expect(await metric(worker)).toMatch(
      /^shop_job_runs_total\{job="unpaid_orders",outcome="ok"\} [1-9]\d*$/m,
    );
    for (const web of [web1, web2]) expect(await metric(web)).not.toMatch(/^shop_job_runs_total\{/m);
  }, 90_000);

  it('the worker answers only its probes and metrics; every instance is ready', async () => {
    expect((await worker.app.inject({ url: '/api/v2/product' })).statusCode).toBe(404);
    for (const t of [web1, web2, worker]) {
      const ready = await waitFor(async () => {
        const res = await t.app.inject({ url: '/readyz' });
        return res.statusCode === 200 && res.json<{ role: string }>();
      }, 'readiness');
      expect(['web', 'worker']).toContain(ready.role);
    }
  });
});
