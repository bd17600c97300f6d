// A manual order (issue 28 item 6, docs/product.md §12.6): staff with `operate` place an order for a
// shopper who ordered in a chat, found by search; the delivery is a saved address or a new pickup
// point; the order awaits payment with its stock reserved, the shopper's cart untouched, the history
// naming the staff member, the audit entry written, and the bot's payment link in the outbox — which
// the shopper then pays. A repeated key answers the same order; other roles, unknown shoppers, other
// shoppers' addresses and a shopper without passport data are refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, notifications, orders, orderStatusHistory } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { addStaff, payInSandbox, shopper, type Shopper } from '../../test/console-kit.ts';
import { insertProduct, variantQty } from '../../test/fixtures.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const manager = makeTelegramUser({ first_name: 'Марк' });
const viewer = makeTelegramUser();
const buyerUser = makeTelegramUser({ first_name: 'Чат', last_name: 'Заказова', username: 'chat_buyer_28' });
let t: TestApp;
let ownerAuth: string;
let managerAuth: string;
let viewerAuth: string;
let buyer: Shopper;
let buyerId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  managerAuth = await addStaff(t.app, ownerAuth, manager, 'manager');
  viewerAuth = await addStaff(t.app, ownerAuth, viewer, 'viewer');
  buyer = await shopper(t.app, buyerUser);
  // Staff find the shopper the way the console does: by @username among the customers.
  const found = await t.app.inject({
    url: `/api/v1/admin/customers?q=${encodeURIComponent('@chat_buyer_28')}`,
    headers: { authorization: managerAuth },
  });
  const customers = found.json<{ result: { customers: { id: number }[] } }>().result.customers;
  expect(customers).toHaveLength(1);
  buyerId = customers[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const post = (authorization: string, payload: object, key = `manual-${process.pid}-${++seq}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders',
    headers: { authorization, 'idempotency-key': key },
    payload,
  });

async function product(price = 2490, qty = 4) {
  const { product, variants } = await insertProduct(t.app.db, { variants: [{ price, qty }] });
  return { productId: product.id, variantId: variants[0]!.id };
}

type Manual = { id: number; status: string; total: number; to_pay: number; user_id: number };

describe('POST /admin/orders (a manual order)', () => {
  it('places the order for the shopper, reserves stock, leaves the cart, sends the payment link, audits', async () => {
    const { productId, variantId } = await product(2490, 4);
    const other = await product(990, 3);
    // The shopper's cart holds a line of the same variant: a console order does not take it.
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: buyer.authorization },
      payload: { product_id: productId, variant_id: variantId, quantity: 1 },
    });
    expect(cart.statusCode, cart.body).toBeLessThan(300);

    const key = `manual-first-${process.pid}`;
    const payload = {
      user_id: buyerId,
      items: [
        { product_id: productId, variant_id: variantId, quantity: 2 },
        { product_id: other.productId, variant_id: other.variantId, quantity: 1 },
      ],
      delivery_id: buyer.deliveryId,
    };
    const res = await post(managerAuth, payload, key);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ result: Manual }>().result;
    expect(order).toMatchObject({ status: 'awaiting_payment', total: 2490 * 2 + 990, user_id: buyerId });
    expect(order.to_pay).toBe(order.total);
    expect(await variantQty(t.app.db, variantId)).toBe(2);
    expect(await variantQty(t.app.db, other.variantId)).toBe(2);

    const lines = await t.app.inject({ url: '/api/v1/cart', headers: { authorization: buyer.authorization } });
    const cartLines = lines.json<{ result: { variants: { id: number; quantity: number }[] }[] }>().result;
    expect(cartLines.flatMap((l) => l.variants)).toEqual([expect.objectContaining({ id: variantId, quantity: 1 })]);

    const [history] = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject({
      status: 'awaiting_payment',
      actorTelegramId: manager.id,
      note: 'Оформлен в консоли',
    });

    const messages = await t.app.db.select().from(notifications).where(eq(notifications.orderId, order.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'order.payment_link',
      chatId: buyerUser.id,
      text: `Мы оформили для вас заказ №${order.id} на 5\u00a0970 ₽. Оплатите его в течение 30 мин — кнопка ниже.`,
      replyMarkup: { text: 'Оплатить заказ', path: `/orders/details/${order.id}` },
    });

    const audit = await t.app.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'order.manual'), eq(adminAuditLog.entityId, String(order.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorTelegramId: manager.id, entity: 'order' });
    expect(audit[0]!.after).toMatchObject({ user_id: buyerId, total: 5970, to_pay: 5970 });

    // The same key: the same order, nothing placed or sent twice.
    const again = await post(managerAuth, payload, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ result: Manual }>().result.id).toBe(order.id);
    expect(await variantQty(t.app.db, variantId)).toBe(2);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.orderId, order.id))).toHaveLength(1);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, buyerId))).toHaveLength(1);

    // The shopper pays it as any order: the link the bot sent opens it, the sandbox takes the money.
    await payInSandbox(t.app, buyer, order.id);
    const card = await t.app.inject({ url: `/api/v1/admin/orders/${order.id}`, headers: { authorization: ownerAuth } });
    expect(card.json<{ result: { status: string } }>().result.status).toBe('paid');
  });

  it('saves a new pickup point to the shopper once and delivers the order there', async () => {
    const { productId, variantId } = await product(1500, 2);
    const delivery = {
      kind: 'pickup',
      city: 'Москва',
      city_code: 44,
      point_code: 'MSK205',
      fio: 'Чат',
      last_name: 'Заказова',
      phone_number: '+7 916 555-00-28',
    };
    const payload = { user_id: buyerId, items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], delivery };
    const res = await post(ownerAuth, payload);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ result: Manual }>().result.id;
    const card = await t.app.inject({ url: `/api/v1/admin/orders/${id}`, headers: { authorization: ownerAuth } });
    const saved = card.json<{ result: { delivery: { kind: string; point_code: string; address: string } } }>()
      .result.delivery;
    expect(saved).toMatchObject({ kind: 'pickup', point_code: 'MSK205' });
    expect(saved.address).not.toBe('');

    // A second order to the same point reuses the saved address.
    const second = await product(1500, 2);
    const again = await post(ownerAuth, {
      ...payload,
      items: [{ product_id: second.productId, variant_id: second.variantId, quantity: 1 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    const addresses = await t.app.inject({ url: '/api/v1/delivery', headers: { authorization: buyer.authorization } });
    const points = addresses
      .json<{ result: { kind: string; point_code: string | null }[] }>()
      .result.filter((a) => a.point_code === 'MSK205');
    expect(points).toHaveLength(1);
  });

  it('is refused to roles without operate, for unknown shoppers, others’ addresses, bad bodies, no passport', async () => {
    const { productId, variantId } = await product(1000, 5);
    const items = [{ product_id: productId, variant_id: variantId, quantity: 1 }];
    const valid = { user_id: buyerId, items, delivery_id: buyer.deliveryId };

    expect((await post(viewerAuth, valid)).statusCode).toBe(403);
    expect((await post(await login(t.app), valid)).statusCode).toBe(403);

    const unknown = await post(managerAuth, { ...valid, user_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe('Покупатель не найден');

    const stranger = await shopper(t.app);
    const foreign = await post(managerAuth, { ...valid, delivery_id: stranger.deliveryId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: { message: string } }>().error.message).toBe('Адрес доставки не найден');

    const neither = await post(managerAuth, { user_id: buyerId, items });
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain('Выберите адрес доставки или пункт выдачи');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders',
      headers: { authorization: managerAuth },
      payload: valid,
    });
    expect(noKey.statusCode).toBe(400);

    // A shopper who never filled in passport data: staff are told what to ask for.
    const newcomerAuth = await login(t.app);
    const me = await t.app.inject({ url: '/api/v1/profile', headers: { authorization: newcomerAuth } });
    const newcomerId = me.json<{ result: { id: number } }>().result.id;
    const noPassport = await post(managerAuth, {
      user_id: newcomerId,
      items,
      delivery: { city: 'Казань', address: 'ул. Баумана, 1', fio: 'Нов', last_name: 'Ичок', phone_number: '+79170000001' },
    });
    expect(noPassport.statusCode, noPassport.body).toBe(409);
    expect(noPassport.json<{ error: { message: string } }>().error.message).toMatch(
      /^Покупатель ещё не заполнил паспортные данные/,
    );
    expect(await variantQty(t.app.db, variantId)).toBe(5);
  });
});
