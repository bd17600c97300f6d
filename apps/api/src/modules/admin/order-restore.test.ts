// «Нужен возврат», second action: an owner restores an order that was paid after it lapsed to
// `paid` when its stock can be taken again; without stock it is 409 out_of_stock and the order
// keeps waiting; only owners, only such orders, and `canceled → paid` stays closed elsewhere.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, variants } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeYooKassa, type FakeYooKassa } from '../../test/fake-yookassa.ts';
import { variantQty } from '../../test/fixtures.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { addStaff, placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const manager = makeTelegramUser();
let t: TestApp;
let fake: FakeYooKassa;
let ownerAuth: string;
let managerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  fake = await startFakeYooKassa();
  t = await buildTestApp({
    adminTelegramIds: [owner.id],
    paymentProvider: 'yookassa',
    yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.apiUrl },
  });
  ownerAuth = await login(t.app, owner);
  managerAuth = await addStaff(t.app, ownerAuth, manager, 'manager');
  buyer = await shopper(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Card = {
  status: string;
  needs_refund: boolean;
  history: { status: string; actor: { telegram_id: number } | null; comment: string | null }[];
  notifications: { kind: string }[];
};
const restore = (orderId: number, authorization: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/restore`,
    headers: { authorization },
    payload,
  });

/** An order that lapsed unpaid (its unit back on sale), then was paid at YooKassa all the same. */
async function paidTooLate(qty: number) {
  const placed = await placeOrder(t.app, buyer, { qty });
  const link = await t.app.inject({
    url: `/api/v1/order/payment_url/${placed.orderId}`,
    headers: { authorization: buyer.authorization },
  });
  expect(link.statusCode).toBe(200);
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
  const swept = await expireUnpaidOrders(t.app.db, new Date(Date.now() + 31 * 60_000), { ttlMin: 30 });
  expect(swept).toContain(placed.orderId);
  fake.setStatus(payment!.providerPaymentId!, 'succeeded');
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    payload: fake.notification(payment!.providerPaymentId!) as object,
  });
  expect(hook.json()).toEqual({ result: { outcome: 'paid_too_late' } });
  const card = await t.app.inject({
    url: `/api/v1/admin/orders/${placed.orderId}`,
    headers: { authorization: ownerAuth },
  });
  expect(card.json<{ result: Card }>().result).toMatchObject({ status: 'canceled', needs_refund: true });
  return placed;
}

describe('restoring an order paid after it was canceled', () => {
  it('an owner restores it to paid: stock taken again, who and why in the history, audit, message', async () => {
    const { orderId, variantId } = await paidTooLate(3);
    expect(await variantQty(t.app.db, variantId)).toBe(3);

    expect((await restore(orderId, managerAuth)).statusCode).toBe(403);
    const done = await restore(orderId, ownerAuth, { comment: 'Товар есть, отправляем' });
    expect(done.statusCode, done.body).toBe(200);
    const card = done.json<{ result: Card }>().result;
    expect(card).toMatchObject({ status: 'paid', needs_refund: false });
    expect(card.history.at(-1)).toMatchObject({
      status: 'paid',
      actor: { telegram_id: owner.id },
      comment: 'Товар есть, отправляем',
    });
    expect(card.notifications.map((n) => n.kind)).toContain('order.paid');
    expect(await variantQty(t.app.db, variantId)).toBe(2);

    const audit = await t.app.inject({ url: '/api/v1/admin/audit', headers: { authorization: ownerAuth } });
    expect(
      audit
        .json<{ result: { entries: { action: string; entity_id: string }[] } }>()
        .result.entries.filter((e) => e.action === 'order.restore')
        .map((e) => e.entity_id),
    ).toEqual([String(orderId)]);

    // Once restored it no longer waits: a second restore is refused.
    const again = await restore(orderId, ownerAuth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_transition' } });
  });

  it('without stock it is 409 out_of_stock and the order keeps waiting for a refund', async () => {
    const { orderId, variantId } = await paidTooLate(1);
    await t.app.db.update(variants).set({ qty: 0 }).where(eq(variants.id, variantId));
    const refused = await restore(orderId, ownerAuth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'out_of_stock' } });
    const card = await t.app.inject({
      url: `/api/v1/admin/orders/${orderId}`,
      headers: { authorization: ownerAuth },
    });
    expect(card.json<{ result: Card }>().result).toMatchObject({ status: 'canceled', needs_refund: true });
    expect(await variantQty(t.app.db, variantId)).toBe(0);
  });

  it('canceled → paid stays closed otherwise: an order canceled unpaid cannot be restored or marked paid', async () => {
    const { orderId } = await placeOrder(t.app, buyer);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth },
      payload: { status: 'canceled', notify: false },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await restore(orderId, ownerAuth)).json()).toMatchObject({
      error: { code: 'invalid_transition' },
    });
    const markPaid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth },
      payload: { status: 'paid', notify: false },
    });
    expect(markPaid.statusCode).toBe(409);
    expect((await restore(987_654, ownerAuth)).statusCode).toBe(404);
  });
});
