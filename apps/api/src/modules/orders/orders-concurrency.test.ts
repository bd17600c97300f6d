// Concurrency on a real PostgreSQL server (the api-postgres project). PGlite has a single
// connection, so there nothing runs concurrently and these tests are skipped there.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabaseUrl } from '../../test/database.ts';
import { insertProduct, readyShopper, variantQty } from '../../test/fixtures.ts';
import { expireUnpaidOrders } from './index.ts';

const onPostgres = Boolean(testDatabaseUrl());

describe.skipIf(!onPostgres)('concurrency (PostgreSQL only: PGlite has one connection)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const order = (authorization: string, key: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization, 'idempotency-key': key },
      payload: body as Record<string, unknown>,
    });

  it('50 concurrent orders for the last 5 units: exactly 5 orders, 45 × 409, stock 0', async () => {
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await readyShopper(t.app));
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ price: 990, qty: 5 }] });
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        order(s.authorization, `race-${i}-xxxxxxxx`, {
          items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
          delivery_id: s.deliveryId,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json<{ error: { message: string } }>().error.message).toMatch(/^Товар «.+» закончился$/);
    }
    expect(await variantQty(t.database.db, v!.id)).toBe(0);
    const [{ n } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.variantId, v!.id));
    expect(n).toBe(5);
  });

  it('the same Idempotency-Key sent 10 times at once places one order', async () => {
    const s = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 20 }] });
    const body = {
      items: [{ product_id: product.id, variant_id: v!.id, quantity: 3 }],
      delivery_id: s.deliveryId,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => order(s.authorization, 'same-key-0123456789', body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((a) => a.json<{ result: { id: number } }>().result.id));
    expect(ids.size).toBe(1);
    expect(await variantQty(t.database.db, v!.id)).toBe(17);
  });

  it('the sweeper skips orders another instance holds and releases stock once', async () => {
    const s = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 10 }] });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await order(s.authorization, `sweep-${i}-xxxxxxxx`, {
        items: [{ product_id: product.id, variant_id: v!.id, quantity: 2 }],
        delivery_id: s.deliveryId,
      });
      ids.push(res.json<{ result: { id: number } }>().result.id);
    }
    expect(await variantQty(t.database.db, v!.id)).toBe(6);
    const later = new Date(Date.now() + 31 * 60_000);

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another "instance" holds the first order's row.
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, ids[0]!)).for('update');
      locked();
      await released;
    });
    await isLocked;
    const first = await expireUnpaidOrders(t.database.db, later, { ttlMin: 30 });
    expect(first).toContain(ids[1]);
    expect(first).not.toContain(ids[0]);
    release();
    await holder;
    // Two sweepers at once: the remaining order is canceled by exactly one of them.
    const [a, b] = await Promise.all([
      expireUnpaidOrders(t.database.db, later, { ttlMin: 30 }),
      expireUnpaidOrders(t.database.db, later, { ttlMin: 30 }),
    ]);
    expect([...a, ...b].filter((id) => id === ids[0])).toHaveLength(1);
    expect(await variantQty(t.database.db, v!.id)).toBe(10);
    const statuses = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(inArray(orders.id, ids)));
    expect(statuses.map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });
});
