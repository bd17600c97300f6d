import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { tokenIndexOf } from '../catalog/token-index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('says it is alive, and ready once the database, migrations and catalogue index are', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    await tokenIndexOf(t.app.db)!.whenLoaded(t.app.db);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: t.database.kind,
      role: 'all',
      checks: { database: true, migrations: true, catalog_index: true, not_shutting_down: true },
    });
  });

  it('answers unknown API addresses with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/tg/auth']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/v1/profile');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('process roles (SHOP_ROLE)', () => {
  it('a worker answers its probes and /metrics only, and runs the jobs', async () => {
    const worker = await buildTestApp(
      { role: 'worker', metricsToken: 'metrics-token-0123456789' },
      { database: t.database, jobs: { unpaidOrdersEveryMs: 5 } },
    );
    try {
      expect((await worker.app.inject({ url: '/livez' })).statusCode).toBe(200);
      const ready = await worker.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ role: 'worker', checks: { catalog_index: true } });
      for (const url of ['/api/v2/product', '/api/v1/profile', '/api/docs/json', '/'])
        expect((await worker.app.inject({ url })).statusCode, url).toBe(404);
      expect(worker.app.importRunner).toBeDefined();
      // The unpaid-order job runs here: wait for its first passes, then read them in /metrics.
      while (worker.app.jobRuns.total('unpaid_orders') < 2) await new Promise((r) => setTimeout(r, 5));
      const metrics = await worker.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(metrics.statusCode).toBe(200);
      const runs = /^shop_job_runs_total\{job="unpaid_orders",outcome="ok"\} (\d+)$/m.exec(metrics.body);
      expect(Number(runs?.[1])).toBeGreaterThanOrEqual(2);
    } finally {
      await worker.app.close();
    }
  });

  it('a web instance serves the API and starts no job, whatever the settings', async () => {
    const web = await buildTestApp(
      { role: 'web', botCanSend: true, metricsToken: 'metrics-token-0123456789' },
      { database: t.database, jobs: { unpaidOrdersEveryMs: 1, findQuotesEveryMs: 1, bonusExpiryEveryMs: 1 } },
    );
    try {
      expect((await web.app.inject({ url: '/api/v2/product' })).statusCode).toBe(200);
      expect(web.app.importRunner).toBeUndefined();
      expect(web.app.outboxWorker).toBeUndefined();
      expect([...web.app.jobRuns.counts.keys()]).toEqual([]);
      const metrics = await web.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(metrics.body).not.toMatch(/^shop_job_runs_total\{/m);
    } finally {
      await web.app.close();
    }
  });
});

describe('load shedding (@fastify/under-pressure)', () => {
  it('past a limit: 503 with Retry-After and the error shape; the probes still answer', async () => {
    const app = await buildTestApp(
      {},
      {
        database: t.database,
        // Any heap is over one byte: every request after the first sample is shed.
        pressure: { maxEventLoopDelayMs: 60_000, maxHeapUsedBytes: 1, maxRssBytes: 0, sampleIntervalMs: 5 },
      },
    );
    try {
      let res = await app.app.inject({ url: '/api/v1/categories' });
      while (res.statusCode !== 503) {
        await new Promise((r) => setTimeout(r, 5));
        res = await app.app.inject({ url: '/api/v1/categories' });
      }
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'Сервер перегружен — попробуйте ещё раз через несколько секунд',
        },
      });
      expect((await app.app.inject({ url: '/livez' })).statusCode).toBe(200);
      // The readiness probe answers for itself (its checks), never with the shedding answer.
      const ready = await app.app.inject({ url: '/readyz' });
      expect(ready.json()).toHaveProperty('checks');
      expect(ready.headers['retry-after']).toBeUndefined();
    } finally {
      await app.app.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('readiness waits for the catalogue index (PostgreSQL)', () => {
  it('is 503 while the index cannot load, 200 once it has', async () => {
    const database = await createTestDatabase();
    // Another session holds the products table: the index's first load waits on it.
    const blocker = postgres(database.url!, { max: 1, onnotice: () => {} });
    const reserved = await blocker.reserve();
    await reserved`BEGIN`;
    await reserved`LOCK TABLE products IN ACCESS EXCLUSIVE MODE`;
    const app = await buildTestApp({}, { database });
    try {
      const res = await app.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: true, migrations: true, catalog_index: false, not_shutting_down: true },
      });
      await reserved`COMMIT`;
      await tokenIndexOf(app.app.db)!.whenLoaded(app.app.db);
      expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      reserved.release();
      await blocker.end();
      await app.app.close();
      await database.close();
    }
  });
});
