// Refunds through YooKassa (a local fake of its REST v3 API): the refund row's key is the
// Idempotence-Key, a `refund.succeeded` webhook is trusted only after re-reading the refund,
// refunds never exceed the payment, and money that arrives for a canceled order becomes a
// «Нужен возврат» work item with an alert to the owners.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, refunds } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeYooKassa, type FakeYooKassa } from '../../test/fake-yookassa.ts';
import { placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { createPaymentProvider } from '../payment/create-provider.ts';
import { settlePendingRefunds } from './pending-refunds.ts';
import { payments } from '../../db/schema/index.ts';

const owner = makeTelegramUser();
let fake: FakeYooKassa;
let t: TestApp;
let ownerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  fake = await startFakeYooKassa();
  t = await buildTestApp({
    adminTelegramIds: [owner.id],
    paymentProvider: 'yookassa',
    yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.apiUrl },
  });
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: ownerAuth },
    ...(payload ? { payload } : {}),
  });
const webhook = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment/webhook', payload: body as object });

/** Opens the order's YooKassa payment and returns its id there. */
async function openPayment(orderId: number): Promise<string> {
  const link = await t.app.inject({
    url: `/api/v1/order/payment_url/${orderId}`,
    headers: { authorization: buyer.authorization },
  });
  expect(link.statusCode).toBe(200);
  const [row] = await t.app.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row!.providerPaymentId!;
}

type Card = {
  status: string;
  needs_refund: boolean;
  paid_amount: number;
  refunded_amount: number;
  refunds: { status: string }[];
};
const card = async (orderId: number) =>
  (await admin('GET', `/orders/${orderId}`)).json<{ result: Card }>().result;

describe('refunds with YooKassa', () => {
  it('a partial refund waits for YooKassa, the refund.succeeded webhook is re-read, the rest refunds the order', async () => {
    const { orderId } = await placeOrder(t.app, buyer, { price: 4000 });
    const paymentId = await openPayment(orderId);
    fake.setStatus(paymentId, 'succeeded');
    expect((await webhook(fake.notification(paymentId))).json()).toEqual({ result: { outcome: 'paid' } });

    fake.refundStartStatus = 'pending';
    const partial = await admin('POST', `/orders/${orderId}/refund`, {
      amount: 1500,
      reason: 'Одна пара не подошла',
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ result: { amount: 1500, status: 'pending' } });
    const [row] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const sent = fake.requests.filter((r) => r.path === '/v3/refunds');
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      idempotenceKey: row!.idempotenceKey,
      body: { payment_id: paymentId, amount: { value: '1500.00', currency: 'RUB' } },
    });

    // A notification that lies about the status changes nothing: the refund is re-read.
    const forged = { ...fake.refundNotification(row!.providerRefundId!), event: 'refund.succeeded' };
    expect((await webhook(forged)).json()).toEqual({ result: { outcome: 'unchanged' } });
    fake.setRefundStatus(row!.providerRefundId!, 'succeeded');
    expect((await webhook(fake.refundNotification(row!.providerRefundId!))).json()).toEqual({
      result: { outcome: 'succeeded' },
    });
    expect((await webhook(fake.refundNotification(row!.providerRefundId!))).json()).toEqual({
      result: { outcome: 'already_applied' },
    });
    expect(await card(orderId)).toMatchObject({ status: 'paid', paid_amount: 4000, refunded_amount: 1500 });

    fake.refundStartStatus = 'succeeded';
    const over = await admin('POST', `/orders/${orderId}/refund`, {
      amount: 2501,
      reason: 'Больше, чем осталось',
    });
    expect(over.statusCode).toBe(409);
    const rest = await admin('POST', `/orders/${orderId}/refund`, { reason: 'Отмена заказа' });
    expect(rest.json()).toMatchObject({ result: { amount: 2500, status: 'succeeded' } });
    expect(await card(orderId)).toMatchObject({ status: 'refunded', refunded_amount: 4000 });
  });

  it('money for a canceled order: «Нужен возврат» tab, an owner alert, and a refund that clears it', async () => {
    const { orderId } = await placeOrder(t.app, buyer, { price: 2000 });
    const paymentId = await openPayment(orderId);
    const swept = await expireUnpaidOrders(t.app.db, new Date(Date.now() + 31 * 60_000), { ttlMin: 30 });
    expect(swept).toContain(orderId);
    fake.setStatus(paymentId, 'succeeded');
    expect((await webhook(fake.notification(paymentId))).json()).toEqual({
      result: { outcome: 'paid_too_late' },
    });

    const tab = await admin('GET', '/orders?status=needs_refund');
    const body = tab.json<{
      result: { orders: { id: number; needs_refund: boolean }[]; counts: Record<string, number> };
    }>().result;
    expect(body.orders.map((o) => o.id)).toEqual([orderId]);
    expect(body.counts.needs_refund).toBe(1);
    const alerts = await t.app.db.select().from(notifications).where(eq(notifications.chatId, owner.id));
    expect(alerts.map((a) => a.text)).toEqual([
      `⚠️ Оплата ${(2000).toLocaleString('ru-RU')} ₽ пришла за отменённый заказ №${orderId}: нужен возврат.`,
    ]);

    const refund = await admin('POST', `/orders/${orderId}/refund`, { reason: 'Оплата после отмены' });
    expect(refund.json()).toMatchObject({ result: { amount: 2000, status: 'succeeded' } });
    expect(await card(orderId)).toMatchObject({
      status: 'canceled',
      needs_refund: false,
      refunded_amount: 2000,
    });
    const after = await admin('GET', '/orders?status=needs_refund');
    expect(after.json<{ result: { orders: unknown[] } }>().result.orders).toEqual([]);
  });

  it('a refund whose provider call failed is sent again with the same key and settles once', async () => {
    const { orderId } = await placeOrder(t.app, buyer, { price: 3000 });
    const paymentId = await openPayment(orderId);
    fake.setStatus(paymentId, 'succeeded');
    await webhook(fake.notification(paymentId));

    fake.failRefunds = 1;
    const failed = await admin('POST', `/orders/${orderId}/refund`, { reason: 'Нет в наличии' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: { code: 'bad_gateway' } });
    const [row] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });
    // The pending amount is committed: the owner cannot start a second refund meanwhile.
    expect((await admin('POST', `/orders/${orderId}/refund`, { reason: 'Ещё раз' })).statusCode).toBe(409);

    // Too fresh for the sweep: a call may still be on its way.
    expect(await settlePendingRefunds(t.app.db, createPaymentProvider(t.app.env, t.app.db))).toEqual({
      settled: 0,
      failed: 0,
    });
    const later = new Date(Date.now() + 2 * 60_000);
    expect(
      await settlePendingRefunds(t.app.db, createPaymentProvider(t.app.env, t.app.db), { now: later }),
    ).toEqual({ settled: 1, failed: 0 });
    expect(
      await settlePendingRefunds(t.app.db, createPaymentProvider(t.app.env, t.app.db), { now: later }),
    ).toEqual({ settled: 0, failed: 0 });

    const sent = fake.requests.filter(
      (r) => r.path === '/v3/refunds' && r.idempotenceKey === row!.idempotenceKey,
    );
    expect(sent).toHaveLength(2);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect(await card(orderId)).toMatchObject({ status: 'refunded', refunded_amount: 3000 });
  });
});
