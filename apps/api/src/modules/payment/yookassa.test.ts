// The YooKassa adapter against a local fake that answers as YooKassa's documentation shows, and
// the webhook path through the app: trusted only after re-reading, applied exactly once.
import { and, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, payments } from '../../db/schema/index.ts';
import { buildApp } from '../../app.ts';
import { buildTestApp, testEnv, type TestApp } from '../../test/app.ts';
import { startFakeYooKassa, type FakeYooKassa } from '../../test/fake-yookassa.ts';
import { insertProduct, readyShopper } from '../../test/fixtures.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { paymentReturnUrl, publicBase } from './payment.routes.ts';
import { YooKassaPaymentProvider } from './yookassa-provider.ts';

let fake: FakeYooKassa;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeYooKassa();
  t = await buildTestApp({
    paymentProvider: 'yookassa',
    yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.apiUrl },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const input = (key: string) => ({
  idempotenceKey: key,
  amount: 12_900,
  description: 'Заказ №7',
  returnUrl: 'https://t.me/test_shop_bot/shop?startapp=payment_success__k',
  metadata: { order_id: '7' },
});

describe('YooKassaPaymentProvider', () => {
  it('creates a redirect payment with Basic auth and Idempotence-Key; the same key gives the same payment', async () => {
    const provider = new YooKassaPaymentProvider({
      shopId: fake.shopId,
      secretKey: fake.secretKey,
      apiUrl: fake.apiUrl,
    });
    const created = await provider.createPayment(input('key-1-aaaaaaaa'));
    expect(created).toMatchObject({ status: 'pending', amount: 12_900 });
    expect(created.confirmationUrl).toMatch(
      /^https:\/\/yoomoney\.ru\/checkout\/payments\/v2\/contract\?orderId=/,
    );
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/payments', idempotenceKey: 'key-1-aaaaaaaa' });
    expect(sent.body).toEqual({
      amount: { value: '12900.00', currency: 'RUB' },
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: 'https://t.me/test_shop_bot/shop?startapp=payment_success__k',
      },
      description: 'Заказ №7',
      metadata: { order_id: '7' },
    });
    expect((await provider.createPayment(input('key-1-aaaaaaaa'))).id).toBe(created.id);
    expect((await provider.createPayment(input('key-2-bbbbbbbb'))).id).not.toBe(created.id);

    expect((await provider.getStatus(created.id)).status).toBe('pending');
    fake.setStatus(created.id, 'waiting_for_capture');
    expect((await provider.getStatus(created.id)).status).toBe('pending');
    fake.setStatus(created.id, 'succeeded');
    expect(await provider.getStatus(created.id)).toMatchObject({ status: 'succeeded', amount: 12_900 });
    fake.payments.get(created.id)!.amount = { value: '12900.50', currency: 'RUB' };
    expect((await provider.getStatus(created.id)).amount).toBeNaN();
  });

  it("raises PaymentProviderError with YooKassa's error code for bad credentials and unknown payments", async () => {
    const wrong = new YooKassaPaymentProvider({
      shopId: fake.shopId,
      secretKey: 'nope',
      apiUrl: fake.apiUrl,
    });
    await expect(wrong.createPayment(input('key-3-cccccccc'))).rejects.toThrow(
      /HTTP 401 invalid_credentials/,
    );
    const provider = new YooKassaPaymentProvider({
      shopId: fake.shopId,
      secretKey: fake.secretKey,
      apiUrl: fake.apiUrl,
    });
    const err = await provider.getStatus('2f3c6a99-000f-5000-9000-1d2a3b4c5d6e').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).httpStatus).toBe(404);
    const down = new YooKassaPaymentProvider({
      shopId: '1',
      secretKey: '2',
      apiUrl: 'http://127.0.0.1:9/v3',
    });
    await expect(down.getStatus('x')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reads the payment id from a documented notification body and nothing else', () => {
    const provider = new YooKassaPaymentProvider({ shopId: 'a', secretKey: 'b', apiUrl: fake.apiUrl });
    const notification = {
      type: 'notification',
      event: 'payment.succeeded',
      object: {
        id: '2f3c6a99-000f-5000-9000-1d2a3b4c5d6e',
        status: 'succeeded',
        paid: true,
        amount: { value: '12900.00', currency: 'RUB' },
        income_amount: { value: '12460.00', currency: 'RUB' },
        description: 'Заказ №10492',
        metadata: { order_id: '10492' },
        created_at: '2026-05-30T10:00:00.000Z',
        test: false,
      },
    };
    expect(provider.parseWebhook(notification)).toBe('2f3c6a99-000f-5000-9000-1d2a3b4c5d6e');
    expect(provider.parseWebhook({ ...notification, type: 'other' })).toBeNull();
    expect(provider.parseWebhook({ ...notification, event: 'refund.succeeded' })).toBeNull();
    expect(provider.parseWebhook('payment.succeeded')).toBeNull();
  });
});

describe('paymentReturnUrl', () => {
  it("is the Mini App deep link, or in dev mode the app's own payment-await page", () => {
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(paymentReturnUrl(testEnv(), 'https://shop.example', guid, 'fail')).toBe(
      `https://t.me/test_shop_bot/shop?startapp=payment_fail__${guid}`,
    );
    expect(paymentReturnUrl(testEnv({ devLogin: true }), 'http://127.0.0.1:8080', guid, 'success')).toBe(
      `http://127.0.0.1:8080/payment-await?transaction_guid=${guid}`,
    );
  });
});

describe('publicBase', () => {
  it('is PUBLIC_URL whatever Host a client sends; only outside production the request origin', () => {
    const request = { protocol: 'http', host: 'evil.example' } as FastifyRequest;
    const production = testEnv({ isProduction: true, nodeEnv: 'production' });
    expect(publicBase({ ...production, publicUrl: 'https://shop.example.com' }, request)).toBe(
      'https://shop.example.com',
    );
    expect(() => publicBase(production, request)).toThrow(/PUBLIC_URL/);
    expect(publicBase(testEnv(), request)).toBe('http://evil.example');
  });
});

describe('POST /api/v1/payment/webhook with the yookassa provider', () => {
  async function orderWithPayment() {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ price: 2500, qty: 10 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization, 'idempotency-key': `yk-${Math.random().toString(36).slice(2)}` },
      payload: {
        items: [{ product_id: product.id, variant_id: v!.id, quantity: 2 }],
        delivery_id: deliveryId,
      },
    });
    const orderId = placed.json<{ result: { id: number } }>().result.id;
    const link = await t.app.inject({
      url: `/api/v1/order/payment_url/${orderId}`,
      headers: { authorization },
    });
    expect(link.statusCode).toBe(200);
    const { url, transaction_guid: guid } = link.json<{ result: { url: string; transaction_guid: string } }>()
      .result;
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionGuid, guid));
    return { authorization, orderId, url, guid, providerId: payment!.providerPaymentId! };
  }
  const webhook = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      payload: body as Record<string, unknown>,
    });
  const orderStatus = async (authorization: string, orderId: number) =>
    (await t.app.inject({ url: `/api/v1/order/detail/${orderId}`, headers: { authorization } })).json<{
      result: { status: string };
    }>().result.status;
  const paidRows = async (orderId: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'paid')))
    )[0]!.n;

  it('sends the deep link as return_url and answers the confirmation_url', async () => {
    const { url, guid, providerId } = await orderWithPayment();
    expect(url).toBe(fake.payments.get(providerId)!.confirmation.confirmation_url);
    const create = fake.requests.find((r) => r.method === 'POST' && r.idempotenceKey === guid);
    expect(create?.body).toMatchObject({
      amount: { value: '5000.00', currency: 'RUB' },
      confirmation: {
        type: 'redirect',
        return_url: `https://t.me/test_shop_bot/shop?startapp=payment_success__${guid}`,
      },
    });
  });

  it('leaves the order unpaid when the provider still reports the payment pending', async () => {
    const { authorization, orderId, guid, providerId } = await orderWithPayment();
    // A forged notification claims success; YooKassa itself still says pending.
    const real = fake.notification(providerId);
    const forged = {
      ...real,
      event: 'payment.succeeded',
      object: { ...real.object, status: 'succeeded', paid: true },
    };
    const res = await webhook(forged);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { outcome: 'unchanged' } });
    expect(await orderStatus(authorization, orderId)).toBe('awaiting_payment');
    const status = await t.app.inject({
      url: `/api/v1/payment/status?transaction_guid=${guid}`,
      headers: { authorization },
    });
    expect(status.json()).toEqual({ result: { status: 'pending', order_id: orderId } });
    expect(await paidRows(orderId)).toBe(0);
  });

  it('marks the order paid once when the same webhook arrives 20 times at once', async () => {
    const { authorization, orderId, guid, providerId } = await orderWithPayment();
    fake.setStatus(providerId, 'succeeded');
    const body = fake.notification(providerId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => a.json<{ result: { outcome: string } }>().result.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'paid').every((o) => o === 'already_applied')).toBe(true);
    expect(await paidRows(orderId)).toBe(1);
    expect(await orderStatus(authorization, orderId)).toBe('paid');
    // …and 20 more afterwards, plus status polls, still once.
    for (let i = 0; i < 20; i++) await webhook(body);
    const status = await t.app.inject({
      url: `/api/v1/payment/status?transaction_guid=${guid}`,
      headers: { authorization },
    });
    expect(status.json()).toEqual({ result: { status: 'succeeded', order_id: orderId } });
    expect(await paidRows(orderId)).toBe(1);
  });

  it('does not mark paid when the provider reports another amount', async () => {
    const { authorization, orderId, providerId } = await orderWithPayment();
    fake.setStatus(providerId, 'succeeded');
    fake.payments.get(providerId)!.amount = { value: '1.00', currency: 'RUB' };
    expect((await webhook(fake.notification(providerId))).json()).toEqual({
      result: { outcome: 'unchanged' },
    });
    expect(await orderStatus(authorization, orderId)).toBe('awaiting_payment');
  });

  it('applies a poll of payment/status the same way (canceled leaves the order unpaid)', async () => {
    const { authorization, orderId, guid, providerId } = await orderWithPayment();
    fake.setStatus(providerId, 'canceled');
    const status = await t.app.inject({
      url: `/api/v1/payment/status?transaction_guid=${guid}`,
      headers: { authorization },
    });
    expect(status.json()).toEqual({ result: { status: 'canceled', order_id: orderId } });
    expect(await orderStatus(authorization, orderId)).toBe('awaiting_payment');
  });

  it('a payment that succeeds after its order lapsed leaves the order canceled (flagged for refund)', async () => {
    const { authorization, orderId, providerId } = await orderWithPayment();
    const swept = await expireUnpaidOrders(t.database.db, new Date(Date.now() + 31 * 60_000), { ttlMin: 30 });
    expect(swept).toContain(orderId);
    fake.setStatus(providerId, 'succeeded');
    expect((await webhook(fake.notification(providerId))).json()).toEqual({
      result: { outcome: 'paid_too_late' },
    });
    expect(await orderStatus(authorization, orderId)).toBe('canceled');
    expect(await paidRows(orderId)).toBe(0);
  });

  it('closes a payment opened with another provider and opens a new one', async () => {
    const sandboxApp = await buildApp({ env: testEnv(), database: t.database, logger: false });
    try {
      const { authorization, deliveryId } = await readyShopper(t.app);
      const {
        product,
        variants: [v],
      } = await insertProduct(t.database.db, { variants: [{ qty: 3 }] });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': 'switch-provider-1' },
        payload: {
          items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
          delivery_id: deliveryId,
        },
      });
      const orderId = placed.json<{ result: { id: number } }>().result.id;
      const link = (app: typeof t.app) =>
        app
          .inject({ url: `/api/v1/order/payment_url/${orderId}`, headers: { authorization } })
          .then((r) => r.json<{ result: { url: string; transaction_guid: string } }>().result);
      const viaSandbox = await link(sandboxApp);
      expect(viaSandbox.url).toContain('/api/v1/pay/sandbox/');
      const viaYooKassa = await link(t.app);
      expect(viaYooKassa.url).toContain('https://yoomoney.ru/');
      expect(viaYooKassa.transaction_guid).not.toBe(viaSandbox.transaction_guid);
      const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(rows.map((r) => [r.provider, r.status]).sort()).toEqual([
        ['sandbox', 'canceled'],
        ['yookassa', 'pending'],
      ]);
    } finally {
      await sandboxApp.close();
    }
  });

  it('answers 502 bad_gateway when the provider cannot be reached, for the link and the webhook', async () => {
    const downApp = await buildApp({
      env: testEnv({
        paymentProvider: 'yookassa',
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: 'http://127.0.0.1:1/v3' },
      }),
      database: t.database,
      logger: false,
    });
    try {
      const { authorization, deliveryId } = await readyShopper(downApp);
      const {
        product,
        variants: [v],
      } = await insertProduct(t.database.db, { variants: [{ qty: 3 }] });
      const placed = await downApp.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': 'provider-down-1' },
        payload: {
          items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
          delivery_id: deliveryId,
        },
      });
      const orderId = placed.json<{ result: { id: number } }>().result.id;
      const link = await downApp.inject({
        url: `/api/v1/order/payment_url/${orderId}`,
        headers: { authorization },
      });
      expect(link.statusCode).toBe(502);
      expect(link.json()).toEqual({
        error: { code: 'bad_gateway', message: 'Платёжная система недоступна, попробуйте позже' },
      });
      const { providerId } = await orderWithPayment();
      const hook = await downApp.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        payload: { type: 'notification', event: 'payment.succeeded', object: { id: providerId } },
      });
      expect(hook.statusCode).toBe(502);
      expect(hook.json()).toMatchObject({ error: { code: 'bad_gateway' } });
    } finally {
      await downApp.close();
    }
  });

  it('ignores notifications about payments that are not ours and refuses bodies that are not notifications', async () => {
    const unknown = await webhook({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: 'not-ours-123' },
    });
    expect(unknown.json()).toEqual({ result: { outcome: 'unknown_payment' } });
    expect((await webhook({ type: 'notification', event: 'refund.succeeded', object: {} })).statusCode).toBe(
      400,
    );
  });
});
