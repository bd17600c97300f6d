// Issue 25 (the attack's findings): a malformed write counts against the shopper's write limit —
// the limit is checked before the body is validated, so a flood of invalid bodies is refused too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, testEnv, type TestApp } from '../test/app.ts';
import { insertProduct } from '../test/fixtures.ts';

const WRITES_PER_MIN = 4;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { ...testEnv().rateLimits, writesPerMin: WRITES_PER_MIN } });
});
afterAll(() => t.close());

describe('the write limit', () => {
  it('counts invalid writes: after the limit of 400s, even a valid write is 429', async () => {
    const authorization = await login(t.app);
    const call = callAs(t.app);
    for (let i = 0; i < WRITES_PER_MIN; i += 1) {
      const bad = await call('POST', '/api/v1/cart', authorization, { product_id: 'x' });
      expect(bad.statusCode).toBe(400);
    }
    const { product, variants } = await insertProduct(t.database.db, { variants: [{ qty: 10 }] });
    const valid = await call('POST', '/api/v1/cart', authorization, {
      product_id: product.id,
      variant_id: variants[0]!.id,
      quantity: 1,
    });
    expect(valid.statusCode).toBe(429);
    // Another shopper's budget is their own.
    const other = await login(t.app);
    expect(
      (
        await call('POST', '/api/v1/cart', other, {
          product_id: product.id,
          variant_id: variants[0]!.id,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(200);
  });
});
