// transition(): the one writer of order statuses follows the contract's transition map, moves an
// order only from the status the caller saw, and writes the history row with the change.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, readyShopper, variantQty } from '../../../test/fixtures.ts';
import { transition } from './transition.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function placed(qty = 3) {
  const { authorization, deliveryId } = await readyShopper(t.app);
  const {
    product,
    variants: [v],
  } = await insertProduct(t.database.db, { variants: [{ qty: 5 }] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization, 'idempotency-key': `status-${Math.random().toString(36).slice(2)}` },
    payload: {
      items: [{ product_id: product.id, variant_id: v!.id, quantity: qty }],
      delivery_id: deliveryId,
    },
  });
  expect(res.statusCode).toBe(201);
  return { orderId: res.json<{ result: { id: number } }>().result.id, variantId: v!.id };
}

const history = async (orderId: number) =>
  (
    await t.database.db
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id)
  ).map((r) => r.status);

describe('transition', () => {
  it('refuses a move the map forbids with 409 invalid_transition, writing nothing', async () => {
    const { orderId } = await placed();
    await expect(
      t.database.db.transaction((tx) => transition(tx, orderId, 'awaiting_payment', 'completed')),
    ).rejects.toMatchObject({ statusCode: 409, code: 'invalid_transition' });
    expect(await history(orderId)).toEqual(['awaiting_payment']);
  });

  it('moves only from the status the caller saw; paid stamps paid_at', async () => {
    const { orderId } = await placed();
    expect(await t.database.db.transaction((tx) => transition(tx, orderId, 'paid', 'purchasing'))).toBe(
      false,
    );
    expect(await t.database.db.transaction((tx) => transition(tx, orderId, 'awaiting_payment', 'paid'))).toBe(
      true,
    );
    expect(await t.database.db.transaction((tx) => transition(tx, orderId, 'awaiting_payment', 'paid'))).toBe(
      false,
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('paid');
    expect(row!.paidAt).toBeInstanceOf(Date);
    expect(await history(orderId)).toEqual(['awaiting_payment', 'paid']);
  });

  it('canceling an unpaid order puts its stock back in the same transaction', async () => {
    const { orderId, variantId } = await placed(3);
    expect(await variantQty(t.database.db, variantId)).toBe(2);
    expect(
      await t.database.db.transaction((tx) =>
        transition(tx, orderId, 'awaiting_payment', 'canceled', { note: 'test' }),
      ),
    ).toBe(true);
    expect(await variantQty(t.database.db, variantId)).toBe(5);
    expect(await history(orderId)).toEqual(['awaiting_payment', 'canceled']);
  });
});
