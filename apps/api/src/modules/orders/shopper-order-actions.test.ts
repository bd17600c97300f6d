// A shopper cancels an unpaid order (stock returns, lines back in the cart; again is a no-op; a
// paid or someone else's order is refused) and repeats an order into the cart at today's prices
// (issue 27), over HTTP on a fresh database.
import type { CartEntry, Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { payInSandbox, placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

let t: TestApp;
let buyer: Shopper;
let other: Shopper;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t.app);
  other = await shopper(t.app);
});
afterAll(() => t.close());

const post = (url: string, s: Shopper) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: s.authorization } });
const qty = async (variantId: number) =>
  (await t.app.db.select({ qty: variants.qty }).from(variants).where(eq(variants.id, variantId)))[0]!.qty;
const cart = async (s: Shopper) =>
  (await t.app.inject({ url: '/api/v1/cart', headers: { authorization: s.authorization } })).json<{
    result: CartEntry[];
  }>().result;

describe('POST /order/{id}/cancel', () => {
  it('cancels an unpaid order: the stock returns, the line is back in the cart; again is the same answer', async () => {
    const { orderId, variantId } = await placeOrder(t.app, buyer, { qty: 5 });
    expect(await qty(variantId)).toBe(4);
    expect((await post(`/api/v1/order/${orderId}/cancel`, other)).statusCode).toBe(404);
    const res = await post(`/api/v1/order/${orderId}/cancel`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ result: Order }>().result.status).toBe('canceled');
    expect(await qty(variantId)).toBe(5);
    expect((await cart(buyer)).flatMap((e) => e.variants.map((v) => v.id))).toContain(variantId);
    const again = await post(`/api/v1/order/${orderId}/cancel`, buyer);
    expect(again.statusCode).toBe(200);
    expect(await qty(variantId)).toBe(5);
  });

  it('refuses a paid order with 409 and a Russian message', async () => {
    const { orderId } = await placeOrder(t.app, buyer);
    await payInSandbox(t.app, buyer, orderId);
    const res = await post(`/api/v1/order/${orderId}/cancel`, buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'invalid_transition', message: expect.stringContaining('Оплаченный заказ') as string },
    });
  });
});

describe('POST /order/{id}/repeat', () => {
  it("puts the lines still on sale back in the cart (today's price shows there); a sold-out line is counted apart", async () => {
    const s = await shopper(t.app);
    const {
      product,
      variants: [kept],
    } = await insertProduct(t.app.db, { variants: [{ price: 2000, qty: 3 }] });
    const {
      product: gone,
      variants: [soldOut],
    } = await insertProduct(t.app.db, { variants: [{ price: 900, qty: 1 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: s.authorization, 'idempotency-key': `repeat-${Date.now()}` },
      payload: {
        items: [
          { product_id: product.id, variant_id: kept!.id, quantity: 2 },
          { product_id: gone.id, variant_id: soldOut!.id, quantity: 1 },
        ],
        delivery_id: s.deliveryId,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ result: Order }>().result.id;
    await payInSandbox(t.app, s, orderId);
    // Today's price differs from the order's.
    await t.app.db.update(variants).set({ price: 2500 }).where(eq(variants.id, kept!.id));
    expect(await cart(s)).toEqual([]);

    expect((await post(`/api/v1/order/${orderId}/repeat`, other)).statusCode).toBe(404);
    const res = await post(`/api/v1/order/${orderId}/repeat`, s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: { added: 1, unavailable: 1 } });
    const lines = (await cart(s)).flatMap((e) => e.variants);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: kept!.id, quantity: 1, price: 2500 });
  });
});
