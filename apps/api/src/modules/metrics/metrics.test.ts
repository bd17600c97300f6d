// GET /metrics (docs/operations.md): hidden without METRICS_TOKEN, 401 without the right bearer
// token, and Prometheus text with request rate and latency by route, pool, outbox backlog and job
// lag.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusLedger, findRequests, notifications, users } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { enqueueNotification } from '../notifications/outbox.repository.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let hidden: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TOKEN });
  hidden = await buildTestApp({}, { database: t.database });
});
afterAll(async () => {
  await hidden.close();
  await t.close();
});

const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `shop_outbox_messages{status="pending"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('without METRICS_TOKEN: 404 in the one error shape', async () => {
    const res = await hidden.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('without the token, or with another one: 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('requests by route template, the pool, the outbox backlog and how late each job is', async () => {
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/api/v1/order/detail/12345' });
    await enqueueNotification(t.database.db, { kind: 'test', dedupeKey: 'metrics:1', chatId: 1, text: 'a' });
    await enqueueNotification(t.database.db, { kind: 'test', dedupeKey: 'metrics:2', chatId: 2, text: 'b' });
    // Due for 90 s and not sent (no bot token in tests): the outbox is 90 s behind.
    await t.database.db
      .update(notifications)
      .set({ nextAttemptAt: sql`now() - interval '90 seconds'` })
      .where(sql`${notifications.dedupeKey} like 'metrics:%'`);
    // A bonus lot 2 minutes past its expiry and not burnt (no jobs in tests); an older one fully
    // spent, which has nothing to burn; a find quote 5 minutes past its 24 h.
    const person = makeTelegramUser();
    await login(t.app, person);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.telegramId} = ${person.id}`);
    const lot = (amount: number, ago: string, key: string) =>
      t.database.db
        .insert(bonusLedger)
        .values({
          userId: user!.id,
          kind: 'adjust',
          amount,
          status: 'available',
          expiresAt: sql`now() - ${sql.raw(`interval '${ago}'`)}`,
          idemKey: key,
        })
        .returning({ id: bonusLedger.id });
    await lot(300, '120 seconds', 'metrics:lot:due');
    const [spent] = await lot(200, '1 hour', 'metrics:lot:spent');
    await t.database.db.insert(bonusLedger).values({
      userId: user!.id,
      kind: 'order_hold',
      amount: -200,
      status: 'spent',
      lotId: spent!.id,
      idemKey: 'metrics:lot:spent:debit',
    });
    await t.database.db.insert(findRequests).values({
      userId: user!.id,
      source: 'search',
      status: 'quoted',
      query: 'Nike',
      quoteRub: 9990,
      quoteValidUntil: sql`now() - interval '300 seconds'`,
    });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(text, 'shop_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
    ).toBe(2);
    // Parameters do not split the series: one per route template.
    expect(text).toContain('route="/api/v1/order/detail/:id",status="401"');
    expect(text).not.toContain('12345');
    expect(sample(text, 'shop_db_pool_max')).toBe(t.database.poolMax);
    expect(sample(text, 'shop_outbox_messages{status="pending"}')).toBe(2);
    expect(sample(text, 'shop_outbox_messages{status="dead"}')).toBe(0);
    expect(sample(text, 'shop_job_lag_seconds{job="outbox"}')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'shop_job_lag_seconds{job="unpaid_orders"}')).toBe(0);
    expect(sample(text, 'shop_job_lag_seconds{job="pending_refunds"}')).toBe(0);
    expect(sample(text, 'shop_job_lag_seconds{job="catalog_import"}')).toBe(0);
    expect(sample(text, 'shop_job_lag_seconds{job="bonus_expiry"}')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'shop_job_lag_seconds{job="bonus_expiry"}')).toBeLessThan(3000);
    expect(sample(text, 'shop_job_lag_seconds{job="find_quotes"}')).toBeGreaterThanOrEqual(299);
    expect(text).toContain('shop_process_resident_memory_bytes');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'shop_db_pool_connections{state="active"}')).toBeGreaterThanOrEqual(1);
    }
  });
});
