// Issue 14's list of defects, one test each: every one of these answered 500 (or let the abuse
// through) before the hardening; each must now be a clear 4xx in the one error shape.
import { decodeJwt, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { buildTestApp, callAs, login, testEnv, type TestApp } from '../test/app.ts';
import { ADDRESS, insertProduct, PASSPORT, readyShopper } from '../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { ...testEnv().rateLimits, enabled: false } });
});
afterAll(() => t?.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);
const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectShapedError(res: { statusCode: number; body: string }, status: number, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  const body = JSON.parse(res.body) as { error: { code: string; message: string } };
  expect(typeof body.error.code, what).toBe('string');
  expect(body.error.message.length, what).toBeGreaterThan(3);
}

describe('NUL bytes are refused with 400, not stored or passed to the database', () => {
  it('in search strings, colour and size filters, suggestions', async () => {
    for (const url of [
      '/api/v2/product?search_string=a%00b',
      '/api/v2/product?colors=%00',
      '/api/v2/product?colors=%D1%87%00',
      '/api/v2/product?sizes_eu=42%00',
      '/api/v2/product/filters?colors=a%00',
      '/api/v2/product/filters?sizes_eu=%00',
      '/api/v1/search-suggest?prefix=a%00',
    ]) {
      expectShapedError(await get(url), 400, url);
    }
  });

  it('in address fields, on create and on update', async () => {
    const authorization = await login(t.app);
    for (const field of ['city', 'address', 'fio', 'last_name'] as const) {
      const res = await call('POST', '/api/v1/delivery', authorization, { ...ADDRESS, [field]: 'a\u0000b' });
      expectShapedError(res, 400, field);
    }
    const created = await call('POST', '/api/v1/delivery', authorization, ADDRESS);
    const id = created.json<{ result: { id: number } }>().result.id;
    const res = await call('PUT', `/api/v1/delivery/${id}`, authorization, { ...ADDRESS, city: '\u0000' });
    expectShapedError(res, 400, 'update');
  });
});

describe('forged listing cursors', () => {
  const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it('an out-of-range key or id is a 400', async () => {
    for (const forged of [
      ['POPULARITY', 9_007_199_254_740_991, 5],
      ['PRICE_ASC', -9_007_199_254_740_991, 5],
      ['SALES', 2 ** 40, 1],
      ['RELEVANCE', 2 ** 52, 1],
      ['NEWEST', '0000-01-01T00:00:00.000000Z', 5],
      ['NEWEST', '9999-99-99T99:99:99.999999Z', 5],
    ]) {
      const sorting = forged[0] as string;
      expectShapedError(
        await get(
          `/api/v2/product?${sorting === 'RELEVANCE' ? 'search_string=test' : `sorting=${sorting}`}&cursor=${cursor(forged)}`,
        ),
        400,
        JSON.stringify(forged),
      );
    }
  });
});

describe('a valid token of a user that no longer exists', () => {
  it('is a 401 on cart, favourites, delivery and passport writes', async () => {
    const { product, variants } = await insertProduct(t.app.db);
    const authorization = await login(t.app);
    const userId = Number(decodeJwt(authorization.slice('Bearer '.length)).sub);
    await t.app.db.delete(users).where(eq(users.id, userId));
    const writes: [Parameters<typeof call>[0], string, object | undefined][] = [
      ['POST', '/api/v1/cart', { product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      ['POST', '/api/v1/favorites', { product_id: product.id, variant_id: variants[0]!.id }],
      ['POST', '/api/v1/delivery', ADDRESS],
      ['PUT', '/api/v1/passport', PASSPORT],
    ];
    for (const [method, url, body] of writes) {
      expectShapedError(await call(method, url, authorization, body), 401, `${method} ${url}`);
    }
  });
});

describe('payment webhook', () => {
  it('a notification whose object.id is null is a 400, not a 502', async () => {
    for (const object of [{ id: null }, { id: 5 }, { id: '' }, null, 'x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        payload: { type: 'notification', event: 'payment.succeeded', object },
      });
      expectShapedError(res, 400, JSON.stringify(object));
    }
  });
});

describe('Idempotency-Key', () => {
  it('the same key with a different body is a 409 conflict; the same body replays the order', async () => {
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ qty: 10 }, { qty: 10 }] });
    const { authorization, deliveryId } = await readyShopper(t.app);
    const place = (variantIndex: number, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': 'same-key-0001' },
        payload: {
          items: [{ product_id: product.id, variant_id: variants[variantIndex]!.id, quantity }],
          delivery_id: deliveryId,
        },
      });
    const first = await place(0, 1);
    expect(first.statusCode, first.body).toBe(201);
    expect((await place(0, 1)).statusCode).toBe(200);
    expectShapedError(await place(0, 2), 409, 'other quantity');
    expectShapedError(await place(1, 1), 409, 'other variant');
    expect((await place(1, 1)).json()).toMatchObject({ error: { code: 'conflict' } });
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(testEnv().jwtSecret);
  it('a JWT without exp is refused', async () => {
    const authorization = await login(t.app);
    const sub = decodeJwt(authorization.slice('Bearer '.length)).sub!;
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('shop-api')
      .setIssuedAt()
      .sign(key);
    expectShapedError(await call('GET', '/api/v1/cart', `Bearer ${noExp}`), 401, 'no exp');
  });

  it('a session token lives at most 24 hours', async () => {
    const authorization = await login(t.app);
    const { iat, exp } = decodeJwt(authorization.slice('Bearer '.length));
    expect(exp! - iat!).toBeLessThanOrEqual(24 * 3600);
    expect(exp! - iat!).toBeGreaterThanOrEqual(3600);
  });
});

describe('unpaid orders per shopper', () => {
  it('a shopper cannot hold more than the cap of unpaid orders or reserved units', async () => {
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ qty: 1000 }] });
    const { authorization, deliveryId } = await readyShopper(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': `unpaid-cap-${i}` },
        payload: { items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }], delivery_id: deliveryId },
      });
      statuses.push(res.statusCode);
      if (i === 0) expect(res.statusCode, res.body).toBe(201);
      if (res.statusCode === 409) expect(res.json()).toMatchObject({ error: { code: 'too_many_unpaid' } });
    }
    expect(statuses.filter((s) => s === 201).length).toBe(5);
    expect(statuses.slice(5).every((s) => s === 409)).toBe(true);

    // Units: one order of 99 is fine; the next one that would pass the unit cap is refused.
    const other = await readyShopper(t.app);
    const big = (key: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization: other.authorization, 'idempotency-key': key },
        payload: { items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity }], delivery_id: other.deliveryId },
      });
    expect((await big('units-01', 99)).statusCode).toBe(201);
    expect((await big('units-02', 99)).statusCode).toBe(201);
    const over = await big('units-03', 99);
    expectShapedError(over, 409, 'units');
    expect(over.json()).toMatchObject({ error: { code: 'too_many_unpaid' } });
  });
});

describe('the cart line cap under concurrency', () => {
  it('130 concurrent adds of different variants never exceed 100 lines', async () => {
    const { product, variants } = await insertProduct(t.app.db, {
      variants: Array.from({ length: 130 }, (_, i) => ({ qty: 5, size: String(i) })),
    });
    const authorization = await login(t.app);
    const results = await Promise.all(
      variants.map((v) =>
        call('POST', '/api/v1/cart', authorization, { product_id: product.id, variant_id: v.id, quantity: 1 }),
      ),
    );
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const len = (await call('GET', '/api/v1/cart/len', authorization)).json<{ result: { len: number } }>();
    expect(len.result.len).toBe(100);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(30);
  });
});

describe('rate limits', () => {
  it('200 cart writes from one shopper in a burst meet 429 with Retry-After in the error shape', async () => {
    const limited = await buildTestApp({}, { database: t.database });
    try {
      const { product, variants } = await insertProduct(t.app.db, { variants: [{ qty: 1000 }] });
      const authorization = await login(limited.app);
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 200 }, () =>
          callAs(limited.app)('PATCH', `/api/v1/cart/${variants[0]!.id}`, authorization, { quantity: 1 }),
        ),
      );
      const ms = performance.now() - started;
      const refused = results.filter((r) => r.statusCode === 429);
      expect(refused.length, `${ms.toFixed(0)} ms`).toBeGreaterThan(0);
      expect(refused[0]!.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused[0]!.json()).toMatchObject({ error: { code: 'too_many_requests' } });
      // Another shopper is not affected.
      const other = await login(limited.app);
      const add = await callAs(limited.app)('POST', '/api/v1/cart', other, {
        product_id: product.id,
        variant_id: variants[0]!.id,
        quantity: 1,
      });
      expect(add.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});
