// An unpaid order that lapses or is canceled gives its lines back to the shopper's cart, in the
// transaction that releases its stock: merged with lines already there, capped at MAX_LINE_QTY
// and the cart's line cap, variants no longer sold skipped. Runs on PGlite and PostgreSQL.
import { MAX_LINE_QTY } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, variants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct, readyShopper, variantQty } from '../../test/fixtures.ts';
import { MAX_CART_LINES } from '../cart/cart.repository.ts';
import { expireUnpaidOrders } from './index.ts';
import { transition } from './lifecycle/transition.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Line = { product_id: number; variant_id: number; quantity: number };

async function place(authorization: string, deliveryId: number, items: Line[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization, 'idempotency-key': `return-${Math.random().toString(36).slice(2)}` },
    payload: { items, delivery_id: deliveryId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ result: { id: number; created_at: string } }>().result;
}

const addToCart = async (authorization: string, line: Line) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: { authorization },
    payload: line,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The shopper's cart as variant id → quantity. */
async function cart(authorization: string): Promise<Record<number, number>> {
  const res = await t.app.inject({ url: '/api/v1/cart', headers: { authorization } });
  const entries = res.json<{ result: { variants: { id: number; quantity: number }[] }[] }>().result;
  return Object.fromEntries(entries.flatMap((e) => e.variants.map((v) => [v.id, v.quantity])));
}

const lapse = (createdAt: string) =>
  expireUnpaidOrders(t.database.db, new Date(new Date(createdAt).getTime() + 31 * 60_000), { ttlMin: 30 });

describe('an unpaid order that ends gives its lines back to the cart', () => {
  it('on lapsing: merged with what the shopper added since, capped at MAX_LINE_QTY', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [x, y, z],
    } = await insertProduct(t.database.db, { variants: [{ qty: 10 }, { qty: 10 }, { qty: 200 }] });
    const line = (v: { id: number }, quantity: number) => ({
      product_id: product.id,
      variant_id: v.id,
      quantity,
    });
    await addToCart(authorization, line(x!, 1));
    const order = await place(authorization, deliveryId, [line(x!, 3), line(y!, 2), line(z!, 60)]);
    expect(await cart(authorization)).toEqual({});

    await addToCart(authorization, line(x!, 1));
    await addToCart(authorization, line(z!, 50));
    expect(await lapse(order.created_at)).toContain(order.id);

    expect(await cart(authorization)).toEqual({ [x!.id]: 4, [y!.id]: 2, [z!.id]: MAX_LINE_QTY });
    expect(await variantQty(t.database.db, x!.id)).toBe(10);
    expect(await variantQty(t.database.db, z!.id)).toBe(200);
  });

  it('on cancel through transition(): variants no longer sold are skipped, the rest come back', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [kept, gone],
    } = await insertProduct(t.database.db, { variants: [{ qty: 5 }, { qty: 5 }] });
    const order = await place(authorization, deliveryId, [
      { product_id: product.id, variant_id: kept!.id, quantity: 2 },
      { product_id: product.id, variant_id: gone!.id, quantity: 1 },
    ]);
    await t.database.db.delete(variants).where(eq(variants.id, gone!.id));

    const moved = await t.database.db.transaction((tx) =>
      transition(tx, order.id, 'awaiting_payment', 'canceled', { note: 'test' }),
    );
    expect(moved).toBe(true);
    expect(await cart(authorization)).toEqual({ [kept!.id]: 2 });
    expect(await variantQty(t.database.db, kept!.id)).toBe(5);
  });

  it('adds no new line to a full cart, but still merges into lines it has', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const ordered = await insertProduct(t.database.db, { variants: [{ qty: 5 }, { qty: 5 }] });
    const [inCart, notInCart] = ordered.variants;
    const order = await place(authorization, deliveryId, [
      { product_id: ordered.product.id, variant_id: inCart!.id, quantity: 2 },
      { product_id: ordered.product.id, variant_id: notInCart!.id, quantity: 1 },
    ]);
    await addToCart(authorization, { product_id: ordered.product.id, variant_id: inCart!.id, quantity: 1 });
    const filler = await insertProduct(t.database.db, {
      variants: Array.from({ length: MAX_CART_LINES - 1 }, () => ({ qty: 1 })),
    });
    const [{ userId } = { userId: 0 }] = await t.database.db
      .select({ userId: cartItems.userId })
      .from(cartItems)
      .where(eq(cartItems.variantId, inCart!.id));
    await t.database.db
      .insert(cartItems)
      .values(
        filler.variants.map((v) => ({ userId, productId: filler.product.id, variantId: v.id, quantity: 1 })),
      );

    expect(await lapse(order.created_at)).toContain(order.id);
    const after = await cart(authorization);
    expect(Object.keys(after)).toHaveLength(MAX_CART_LINES);
    expect(after[inCart!.id]).toBe(3);
    expect(after[notInCart!.id]).toBeUndefined();
    expect(await variantQty(t.database.db, notInCart!.id)).toBe(5);
  });
});
