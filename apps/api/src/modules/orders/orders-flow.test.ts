// The whole shopping path over HTTP (sandbox provider): cart, order, payment page, status poll,
// lapsing of unpaid orders; idempotency; another shopper's ids; bad input.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory, payments, products, variants } from '../../db/schema/index.ts';
import { buildTestApp, login, type TestApp } from '../../test/app.ts';
import { insertProduct, readyShopper, variantQty } from '../../test/fixtures.ts';
import { expireUnpaidOrders } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  authorization: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const placeOrder = (authorization: string, body: unknown, key = newKey()) =>
  call('POST', '/api/v1/order', authorization, body, { 'idempotency-key': key });

type OrderJson = {
  id: number;
  status: string;
  total: number;
  items: Json[];
  delivery: Json;
  created_at: string;
  expires_at: string | null;
};

/** Opens the payment page the API links to and presses one of its buttons. */
async function pressSandboxButton(url: string, action: 'pay' | 'cancel') {
  const path = new URL(url).pathname;
  const page = await t.app.inject({ url: path });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('Оплатить');
  expect(page.body).toContain('Отменить');
  expect(page.body).toContain('name="viewport"');
  return {
    page: page.body,
    res: await t.app.inject({
      method: 'POST',
      url: `${path}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    }),
  };
}

const paidHistoryRows = async (orderId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .groupBy(orderStatusHistory.status)
      .having(eq(orderStatusHistory.status, 'paid'))
  )[0]?.n ?? 0;

describe('shopping path over HTTP', () => {
  it('cart → order → sandbox "Оплатить" → succeeded, paid, active, lines gone from the cart', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const a = await insertProduct(t.database.db, {
      title: 'Кеды «Тест»',
      variants: [{ price: 4990, qty: 3 }],
    });
    const b = await insertProduct(t.database.db, {
      variants: [
        { price: 1500, qty: 5 },
        { price: 1600, qty: 5 },
      ],
    });
    const va = a.variants[0]!;
    const vb = b.variants[1]!;
    const other = b.variants[0]!;

    for (const [p, v] of [
      [a.product, va],
      [b.product, vb],
      [b.product, other],
    ] as const) {
      const res = await call('POST', '/api/v1/cart', authorization, {
        product_id: p.id,
        variant_id: v.id,
        quantity: 1,
      });
      expect(res.statusCode).toBe(200);
    }
    await call('DELETE', `/api/v1/cart/${other.id}`, authorization);
    const len = await call('GET', '/api/v1/cart/len', authorization);
    expect(len.json()).toEqual({ result: { len: 2 } });

    const placed = await placeOrder(authorization, {
      items: [
        { product_id: a.product.id, variant_id: va.id, quantity: 1 },
        { product_id: b.product.id, variant_id: vb.id, quantity: 2 },
      ],
      delivery_id: deliveryId,
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ result: OrderJson }>().result;
    expect(order).toMatchObject({ status: 'awaiting_payment', total: 4990 + 2 * 1600 });
    expect(order.delivery).toMatchObject({ id: deliveryId, city: 'Москва', phone_number: '+79161234567' });
    expect(order.items).toEqual([
      expect.objectContaining({ variant_id: va.id, title: 'Кеды «Тест»', price: 4990, quantity: 1 }),
      expect.objectContaining({ variant_id: vb.id, price: 1600, quantity: 2 }),
    ]);
    expect(await variantQty(t.database.db, va.id)).toBe(2);
    expect(await variantQty(t.database.db, vb.id)).toBe(3);
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 0 } });

    // Prices are snapshotted: a later price change does not touch the order.
    await t.database.db.update(variants).set({ price: 9999 }).where(eq(variants.id, va.id));

    const link = await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization);
    expect(link.statusCode).toBe(200);
    const { url, transaction_guid: guid } = link.json<{ result: { url: string; transaction_guid: string } }>()
      .result;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/pay\/sandbox\/[0-9a-f-]{36}$/);
    // A second call reuses the open payment.
    expect((await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization)).json()).toEqual(
      link.json(),
    );

    const pending = await call('GET', `/api/v1/payment/status?transaction_guid=${guid}`, authorization);
    expect(pending.json()).toEqual({ result: { status: 'pending', order_id: order.id } });

    const { page, res } = await pressSandboxButton(url, 'pay');
    expect(page).toContain('8\u00a0190\u00a0₽');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`https://t.me/test_shop_bot/shop?startapp=payment_success__${guid}`);

    const status = await call('GET', `/api/v1/payment/status?transaction_guid=${guid}`, authorization);
    expect(status.json()).toEqual({ result: { status: 'succeeded', order_id: order.id } });
    const detail = await call('GET', `/api/v1/order/detail/${order.id}`, authorization);
    expect(detail.json<{ result: OrderJson }>().result).toMatchObject({ status: 'paid', total: 8190 });
    expect(detail.json<{ result: OrderJson }>().result.items[0]).toMatchObject({ price: 4990 });
    const active = await call('GET', '/api/v1/order/detail/active?page=0', authorization);
    expect(active.json<{ result: { orders: OrderJson[] } }>().result.orders.map((o) => o.id)).toEqual([
      order.id,
    ]);

    // A double click on "Оплатить" changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    expect(await paidHistoryRows(order.id)).toBe(1);
    expect((await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization)).statusCode).toBe(409);
  });

  it('"Отменить" leaves the order unpaid; when it lapses it is canceled and its stock released once', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ price: 700, qty: 4 }] });
    const placed = await placeOrder(authorization, {
      items: [{ product_id: product.id, variant_id: v!.id, quantity: 3 }],
      delivery_id: deliveryId,
    });
    const order = placed.json<{ result: OrderJson }>().result;
    expect(await variantQty(t.database.db, v!.id)).toBe(1);

    const link = (await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization)).json<{
      result: { url: string; transaction_guid: string };
    }>().result;
    const { res } = await pressSandboxButton(link.url, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `https://t.me/test_shop_bot/shop?startapp=payment_fail__${link.transaction_guid}`,
    );
    const status = await call(
      'GET',
      `/api/v1/payment/status?transaction_guid=${link.transaction_guid}`,
      authorization,
    );
    expect(status.json()).toEqual({ result: { status: 'canceled', order_id: order.id } });
    expect((await call('GET', `/api/v1/order/detail/${order.id}`, authorization)).json()).toMatchObject({
      result: { status: 'awaiting_payment' },
    });

    // The shopper may try again: a new payment, a new guid.
    const retry = (await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization)).json<{
      result: { transaction_guid: string };
    }>().result;
    expect(retry.transaction_guid).not.toBe(link.transaction_guid);

    // Not yet due: nothing happens.
    const created = new Date(order.created_at);
    expect(
      await expireUnpaidOrders(t.database.db, new Date(created.getTime() + 29 * 60_000), { ttlMin: 30 }),
    ).toEqual([]);
    const swept = await expireUnpaidOrders(t.database.db, new Date(created.getTime() + 31 * 60_000), {
      ttlMin: 30,
    });
    expect(swept).toContain(order.id);
    expect(await variantQty(t.database.db, v!.id)).toBe(4);
    expect(
      await expireUnpaidOrders(t.database.db, new Date(created.getTime() + 60 * 60_000), { ttlMin: 30 }),
    ).toEqual([]);
    expect(await variantQty(t.database.db, v!.id)).toBe(4);

    const detail = await call('GET', `/api/v1/order/detail/${order.id}`, authorization);
    expect(detail.json()).toMatchObject({ result: { status: 'canceled' } });
    const active = await call('GET', '/api/v1/order/detail/active', authorization);
    expect(active.json()).toMatchObject({ result: { orders: [], page: 0, more: false } });
    const all = await call('GET', '/api/v1/order/detail?page=0&size=10', authorization);
    expect(all.json<{ result: { orders: OrderJson[] } }>().result.orders.map((o) => o.id)).toEqual([
      order.id,
    ]);
    const lapsed = await call('GET', `/api/v1/order/payment_url/${order.id}`, authorization);
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json<{ error: { message: string } }>().error.message).toMatch(/отменён/);
    // Paying the lapsed order's still-open sandbox payment is refused and changes nothing.
    const payLate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pay/sandbox/${(await t.database.db.select().from(payments).where(eq(payments.transactionGuid, retry.transaction_guid)))[0]!.providerPaymentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(payLate.statusCode).toBe(409);
    expect(await paidHistoryRows(order.id)).toBe(0);
  });

  it('selling the last units takes the product out of stock in the listing; a lapsed order puts it back', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [cheap, dear],
    } = await insertProduct(t.database.db, {
      variants: [
        { qty: 1, price: 900 },
        { qty: 0, price: 1500 },
      ],
    });
    const listing = async () =>
      (
        await t.database.db
          .select({ inStock: products.inStock, price: products.price })
          .from(products)
          .where(eq(products.id, product.id))
      )[0]!;
    const res = await placeOrder(authorization, {
      items: [{ product_id: product.id, variant_id: cheap!.id, quantity: 1 }],
      delivery_id: deliveryId,
    });
    expect(res.statusCode).toBe(201);
    // The line keeps the EU size the shopper chose, as the basket showed it.
    expect(res.json<{ result: OrderJson }>().result.items[0]).toMatchObject({
      size: cheap!.size,
      size_eu: cheap!.sizeEu,
    });
    expect(dear!.qty).toBe(0);
    expect(await listing()).toEqual({ inStock: false, price: 900 });

    const created = new Date(res.json<{ result: OrderJson }>().result.created_at);
    await expireUnpaidOrders(t.database.db, new Date(created.getTime() + 31 * 60_000), { ttlMin: 30 });
    expect(await listing()).toEqual({ inStock: true, price: 900 });
  });

  it('an unpaid order says when it lapses (placed + ORDER_TTL_MIN); a canceled one says null', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 5 }] });
    const res = await placeOrder(authorization, {
      items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
      delivery_id: deliveryId,
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<{ result: OrderJson }>().result;
    const created = new Date(placed.created_at).getTime();
    expect(new Date(placed.expires_at!).getTime() - created).toBe(30 * 60_000);
    const listed = (await call('GET', '/api/v1/order/detail/active', authorization)).json<{
      result: { orders: OrderJson[] };
    }>().result.orders;
    expect(listed.map((o) => o.expires_at)).toEqual([placed.expires_at]);

    await expireUnpaidOrders(t.database.db, new Date(created + 31 * 60_000), { ttlMin: 30 });
    const detail = (await call('GET', `/api/v1/order/detail/${placed.id}`, authorization)).json<{
      result: OrderJson;
    }>().result;
    expect(detail).toMatchObject({ status: 'canceled', expires_at: null });
  });

  it('the same Idempotency-Key places one order', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 5 }] });
    const body = {
      items: [{ product_id: product.id, variant_id: v!.id, quantity: 2 }],
      delivery_id: deliveryId,
    };
    const key = newKey();
    const first = await placeOrder(authorization, body, key);
    const second = await placeOrder(authorization, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ result: OrderJson }>().result.id).toBe(
      first.json<{ result: OrderJson }>().result.id,
    );
    expect(await variantQty(t.database.db, v!.id)).toBe(3);
    const third = await placeOrder(authorization, body, newKey());
    expect(third.statusCode).toBe(201);
    expect(await variantQty(t.database.db, v!.id)).toBe(1);
  });

  it('refuses without passport data and when stock is short, writing nothing', async () => {
    const authorization = await login(t.app);
    const address = await call('POST', '/api/v1/delivery', authorization, {
      city: 'Казань',
      address: 'ул. Баумана, 5',
      fio: 'Олег',
      last_name: 'Иванов',
      phone_number: '89031234567',
      is_default: false,
    });
    const deliveryId = address.json<{ result: { id: number } }>().result.id;
    const {
      product,
      variants: [v, w],
    } = await insertProduct(t.database.db, { variants: [{ qty: 5 }, { qty: 1 }] });
    await call('POST', '/api/v1/cart', authorization, {
      product_id: product.id,
      variant_id: v!.id,
      quantity: 1,
    });
    const body = {
      items: [
        { product_id: product.id, variant_id: v!.id, quantity: 1 },
        { product_id: product.id, variant_id: w!.id, quantity: 2 },
      ],
      delivery_id: deliveryId,
    };
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

    const noPassport = await placeOrder(authorization, body);
    expect(noPassport.statusCode).toBe(409);
    expect(noPassport.json()).toMatchObject({
      error: { code: 'passport_required', message: 'Заполните паспортные данные' },
    });

    await call('PUT', '/api/v1/passport', authorization, (await import('../../test/fixtures.ts')).PASSPORT);
    const short = await placeOrder(authorization, body);
    expect(short.statusCode).toBe(409);
    const shortError = short.json<{ error: { code: string; message: string } }>().error;
    expect(shortError.code).toBe('out_of_stock');
    expect(shortError.message).toMatch(/^Недостаточно товара «.+»: в наличии 1 шт\.$/);

    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    expect(await variantQty(t.database.db, v!.id)).toBe(5);
    expect(await variantQty(t.database.db, w!.id)).toBe(1);
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 1 } });

    // A variant of another product, and an unknown variant: 404, nothing written.
    const other = await insertProduct(t.database.db);
    for (const items of [
      [{ product_id: other.product.id, variant_id: v!.id, quantity: 1 }],
      [{ product_id: product.id, variant_id: 2_000_000_000, quantity: 1 }],
    ]) {
      const res = await placeOrder(authorization, { items, delivery_id: deliveryId });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    expect(await variantQty(t.database.db, v!.id)).toBe(5);
  });
});

describe('another shopper', () => {
  it("gets 404 for every one of the first shopper's orders, payments, addresses and passport data", async () => {
    const first = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 5 }] });
    await call('POST', '/api/v1/cart', first.authorization, {
      product_id: product.id,
      variant_id: v!.id,
      quantity: 1,
    });
    await call('POST', '/api/v1/favorites', first.authorization, {
      product_id: product.id,
      variant_id: v!.id,
    });
    const order = (
      await placeOrder(first.authorization, {
        items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
        delivery_id: first.deliveryId,
      })
    ).json<{ result: OrderJson }>().result;
    await call('POST', '/api/v1/cart', first.authorization, {
      product_id: product.id,
      variant_id: v!.id,
      quantity: 1,
    });
    const { transaction_guid: guid } = (
      await call('GET', `/api/v1/order/payment_url/${order.id}`, first.authorization)
    ).json<{ result: { transaction_guid: string } }>().result;

    const second = await readyShopper(t.app);
    const auth2 = second.authorization;
    const notFound = [
      await call('GET', `/api/v1/order/detail/${order.id}`, auth2),
      await call('GET', `/api/v1/order/payment_url/${order.id}`, auth2),
      await call('GET', `/api/v1/payment/status?transaction_guid=${guid}`, auth2),
      await call('PUT', `/api/v1/delivery/${first.deliveryId}`, auth2, {
        ...(await import('../../test/fixtures.ts')).ADDRESS,
        city: 'Чужой',
      }),
      await call('DELETE', `/api/v1/delivery/${first.deliveryId}`, auth2),
      await call('PATCH', `/api/v1/cart/${v!.id}`, auth2, { quantity: 3 }),
      await call('DELETE', `/api/v1/cart/${v!.id}`, auth2),
      await call('DELETE', `/api/v1/favorites/${product.id}`, auth2),
      // Ordering with the first shopper's address.
      await placeOrder(auth2, {
        items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
        delivery_id: first.deliveryId,
      }),
    ];
    for (const res of notFound) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // Their own lists show nothing of the first shopper's.
    expect((await call('GET', '/api/v1/order/detail', auth2)).json()).toMatchObject({
      result: { orders: [] },
    });
    expect((await call('GET', '/api/v1/cart', auth2)).json()).toEqual({ result: [] });
    expect((await call('GET', '/api/v1/favorites', auth2)).json()).toMatchObject({
      result: { favoriteList: [] },
    });
    const addresses = (await call('GET', '/api/v1/delivery', auth2)).json<{ result: { id: number }[] }>()
      .result;
    expect(addresses.map((a) => a.id)).toEqual([second.deliveryId]);

    // …and the first shopper's data is untouched.
    expect((await call('GET', `/api/v1/order/detail/${order.id}`, first.authorization)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/cart/len', first.authorization)).json()).toEqual({
      result: { len: 1 },
    });
    const mine = (await call('GET', '/api/v1/delivery', first.authorization)).json<{
      result: { city: string }[];
    }>();
    expect(mine.result.map((a) => a.city)).toEqual(['Москва']);
    expect((await call('GET', '/api/v1/favorites', first.authorization)).json()).toMatchObject({
      result: { favoriteList: [{ product: { id: product.id } }] },
    });
    expect(await variantQty(t.database.db, v!.id)).toBe(4);
  });
});

describe('bad input', () => {
  it('answers 4xx with a clear JSON error on every route, never 500, and writes nothing', async () => {
    const { authorization, deliveryId } = await readyShopper(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 3 }] });
    const huge = 99_999_999_999;
    const cases: [string, string, unknown?, Record<string, string>?][] = [
      ['POST', '/api/v1/cart', {}],
      ['POST', '/api/v1/cart', { product_id: 'x', variant_id: v!.id }],
      ['POST', '/api/v1/cart', { product_id: product.id, variant_id: huge, quantity: 1 }],
      ['POST', '/api/v1/cart', { product_id: product.id, variant_id: v!.id, quantity: -1 }],
      ['POST', '/api/v1/cart', { product_id: product.id, variant_id: v!.id, quantity: 1.5 }],
      ['POST', '/api/v1/cart', { product_id: product.id, variant_id: 2_000_000_000, quantity: 1 }],
      ['PATCH', `/api/v1/cart/${v!.id}`, { quantity: 0 }],
      ['PATCH', '/api/v1/cart/abc', { quantity: 1 }],
      ['PATCH', `/api/v1/cart/${huge}`, { quantity: 1 }],
      ['DELETE', '/api/v1/cart/-5'],
      ['GET', '/api/v1/favorites?cursor=abc'],
      ['GET', '/api/v1/favorites?cursor=-1'],
      ['POST', '/api/v1/favorites', { product_id: product.id }],
      ['POST', '/api/v1/favorites', { product_id: 2_000_000_000, variant_id: v!.id }],
      ['DELETE', `/api/v1/favorites/${huge}`],
      ['POST', '/api/v1/delivery', { city: 'Москва' }],
      [
        'POST',
        '/api/v1/delivery',
        { city: 'Москва', address: 'a', fio: 'b', last_name: 'c', phone_number: '+1 555 123 4567' },
      ],
      [
        'POST',
        '/api/v1/delivery',
        { city: '', address: 'a', fio: 'b', last_name: 'c', phone_number: '+79161234567' },
      ],
      [
        'POST',
        '/api/v1/delivery',
        { city: 'x'.repeat(1000), address: 'a', fio: 'b', last_name: 'c', phone_number: '+79161234567' },
      ],
      [
        'PUT',
        '/api/v1/delivery/0',
        { city: 'a', address: 'a', fio: 'b', last_name: 'c', phone_number: '+79161234567' },
      ],
      [
        'PUT',
        '/api/v1/delivery/2000000000',
        { city: 'a', address: 'a', fio: 'b', last_name: 'c', phone_number: '+79161234567' },
      ],
      ['DELETE', '/api/v1/delivery/2000000000'],
      ['GET', '/api/v1/passport?reveal=yes'],
      ['PUT', '/api/v1/passport', {}],
      ['POST', '/api/v1/order', { items: [], delivery_id: deliveryId }, { 'idempotency-key': newKey() }],
      [
        'POST',
        '/api/v1/order',
        { items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }], delivery_id: deliveryId },
      ],
      [
        'POST',
        '/api/v1/order',
        { items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }], delivery_id: deliveryId },
        { 'idempotency-key': 'short' },
      ],
      [
        'POST',
        '/api/v1/order',
        { items: [{ product_id: product.id, variant_id: v!.id, quantity: 1000 }], delivery_id: deliveryId },
        { 'idempotency-key': newKey() },
      ],
      [
        'POST',
        '/api/v1/order',
        {
          items: [
            { product_id: product.id, variant_id: v!.id, quantity: 1 },
            { product_id: product.id, variant_id: v!.id, quantity: 1 },
          ],
          delivery_id: deliveryId,
        },
        { 'idempotency-key': newKey() },
      ],
      [
        'POST',
        '/api/v1/order',
        { items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }], delivery_id: huge },
        { 'idempotency-key': newKey() },
      ],
      [
        'POST',
        '/api/v1/order',
        { items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }], delivery_id: 2_000_000_000 },
        { 'idempotency-key': newKey() },
      ],
      [
        'POST',
        '/api/v1/order',
        { items: 'everything', delivery_id: deliveryId },
        { 'idempotency-key': newKey() },
      ],
      ['GET', '/api/v1/order/detail?page=-1'],
      ['GET', '/api/v1/order/detail/active?page=abc'],
      ['GET', '/api/v1/order/detail/0'],
      ['GET', `/api/v1/order/detail/${huge}`],
      ['GET', '/api/v1/order/detail/2000000000'],
      ['GET', '/api/v1/order/payment_url/2000000000'],
      ['GET', '/api/v1/order/payment_url/x'],
      ['GET', '/api/v1/payment/status'],
      ['GET', '/api/v1/payment/status?transaction_guid=not-a-guid'],
      ['GET', '/api/v1/payment/status?transaction_guid=00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/payment/webhook', { hello: 'world' }],
      ['POST', '/api/v1/payment/webhook', [1, 2]],
      ['GET', '/api/v1/pay/sandbox/not-a-guid'],
      ['POST', '/api/v1/pay/sandbox/00000000-0000-4000-8000-000000000000/explode'],
    ];
    for (const [method, url, payload, headers] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization, ...(headers ?? {}) },
        ...(payload === undefined ? {} : { payload: payload as Json }),
      });
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeLessThan(500);
      const body = res.json<{ error: { code: string; message: string } }>();
      expect(body.error.message.length, `${method} ${url}`).toBeGreaterThan(0);
    }
    // Without a token every commerce route answers 401.
    for (const [method, url] of [
      ['GET', '/api/v1/cart'],
      ['GET', '/api/v1/cart/len'],
      ['GET', '/api/v1/favorites'],
      ['GET', '/api/v1/delivery'],
      ['GET', '/api/v1/passport'],
      ['POST', '/api/v1/order'],
      ['GET', '/api/v1/order/detail'],
      ['GET', '/api/v1/order/detail/active?page=0'],
      ['GET', '/api/v1/payment/status'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    // Nothing was written by any of it.
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 0 } });
    expect((await call('GET', '/api/v1/order/detail', authorization)).json()).toMatchObject({
      result: { orders: [] },
    });
    expect(
      (await call('GET', '/api/v1/delivery', authorization)).json<{ result: unknown[] }>().result,
    ).toHaveLength(1);
    expect((await call('GET', '/api/v1/favorites', authorization)).json()).toMatchObject({
      result: { favoriteList: [] },
    });
    expect(await variantQty(t.database.db, v!.id)).toBe(3);
  });
});
