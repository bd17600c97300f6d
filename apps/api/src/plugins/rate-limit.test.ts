// Issue 14: with REDIS_URL set the per-shopper limits count in Redis, so two API instances behind
// one balancer give a shopper one budget, not one each. Needs a Redis server (TEST_REDIS_URL; CI
// sets it); without one the suite is skipped, since the memory store cannot show any sharing.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, testEnv, type TestApp } from '../test/app.ts';
import { insertProduct } from '../test/fixtures.ts';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const WRITES_PER_MIN = 6;

const title = 'per-shopper limits shared through Redis by two instances';

describe.skipIf(!redisUrl)(
  redisUrl ? title : `${title} — skipped: TEST_REDIS_URL is unset (CI sets it)`,
  () => {
    let a: TestApp;
    let b: TestApp;
    const redisPrefix = `test-rate-limit-${randomUUID()}-`;

    beforeAll(async () => {
      // A prefix of this run's own: counts left in Redis by other runs (user ids repeat in every
      // fresh database) cannot reach these.
      const overrides = {
        redisUrl,
        rateLimits: {
          ...testEnv().rateLimits,
          writesPerMin: WRITES_PER_MIN,
          redisPrefix,
        },
      };
      a = await buildTestApp(overrides);
      b = await buildTestApp(overrides, { database: a.database });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a shopper who spends half the write limit on each instance is refused by the second, with Retry-After', async () => {
      const { product, variants } = await insertProduct(a.database.db, { variants: [{ qty: 1000 }] });
      const add = { product_id: product.id, variant_id: variants[0]!.id, quantity: 1 };
      const authorization = await login(a.app);
      const write = (t: TestApp) => callAs(t.app)('POST', '/api/v1/cart', authorization, add);

      const statuses: number[] = [];
      for (let i = 0; i < WRITES_PER_MIN / 2; i += 1) statuses.push((await write(a)).statusCode);
      for (let i = 0; i < WRITES_PER_MIN / 2; i += 1) statuses.push((await write(b)).statusCode);
      expect(statuses).toEqual(Array.from({ length: WRITES_PER_MIN }, () => 200));

      // Instance B has served only half the limit itself: it refuses because it counts A's writes too.
      const refused = await write(b);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
      expect((await write(a)).statusCode).toBe(429);

      // The budget is the shopper's: another shopper on the same instances still writes.
      const other = await login(b.app);
      expect((await callAs(b.app)('POST', '/api/v1/cart', other, add)).statusCode).toBe(200);
    });

    it('keys every count by its kind and the shopper or the address, never by «undefined»', async () => {
      const authorization = await login(a.app);
      await callAs(a.app)('POST', '/api/v1/cart', authorization, { product_id: 1, variant_id: 1, quantity: 0 });
      await a.app.inject({ method: 'POST', url: '/api/v1/tg/auth', payload: { initData: 'x' } });
      const redis = new Redis(redisUrl!);
      try {
        const keys = await redis.keys(`${redisPrefix}*`);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          expect(key).not.toContain('undefined');
          // A kind's count (`write:u1`, `signIn:a127.0.0.1`), or a route's own (`POST/api/v1/tg/auth-127.0.0.1`).
          expect(key.slice(redisPrefix.length)).toMatch(/^([a-zA-Z]+:(u\d+|a[0-9a-f.:]+)|[A-Z]+\/[\w/-]+-[0-9a-f.:]+)$/);
        }
      } finally {
        await redis.quit();
      }
    });
  },
);
