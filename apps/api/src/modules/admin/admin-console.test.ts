// The merchant's side end to end over HTTP (docs/product.md §12): owners from ADMIN_TELEGRAM_IDS, status
// changes that reach the shopper through the outbox and a fake Bot API, roles and 403s, refunds,
// the audit log and the CSV export.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { variantQty } from '../../test/fixtures.ts';
import { placeAndPay, shopper, type Shopper } from '../../test/console-kit.ts';

const PUBLIC_URL = 'https://shop.example.test';
const owner = makeTelegramUser({ first_name: 'Ольга', username: 'owner_olga' });

let t: TestApp;
let fake: FakeBotApi;
let ownerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await buildTestApp(
    { adminTelegramIds: [owner.id], botApiRoot: fake.apiRoot, botCanSend: true, publicUrl: PUBLIC_URL },
    // A send that takes longer than its timeout counts as lost and is tried again: 10 s, so that a
    // loaded machine's slow database (PGlite shares this thread) cannot make one message two.
    { bot: { outbox: { pollMs: 20, backoffMs: 50, timeoutSeconds: 10 } } },
  );
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });

const messagesTo = (chatId: number) => fake.delivered().filter((c) => Number(c.body.chat_id) === chatId);

type Keyboard = { inline_keyboard: { text: string; web_app: { url: string } }[][] };

describe('orders in the console, messages to the shopper', () => {
  let orderId: number;

  it('a sandbox payment reaches the shopper by bot even when Telegram first answers 429', async () => {
    fake.failNext([{ kind: '429', retryAfter: 1 }], { method: 'sendMessage', chatId: buyer.user.id });
    ({ orderId } = await placeAndPay(t.app, buyer));
    const [paid] = await waitFor(() => {
      const m = messagesTo(buyer.user.id).filter((c) => String(c.body.text).includes(`№${orderId} оплачен`));
      return m.length > 0 && m;
    }, 'the paid message');
    const tries = fake.calls.filter(
      (c) => c.method === 'sendMessage' && Number(c.body.chat_id) === buyer.user.id,
    );
    expect(tries.length).toBe(2);
    // The retry waited for retry_after.
    expect(paid!.at - tries[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('the owner finds it under `paid`; a backward move is 409 invalid_transition', async () => {
    const me = await admin('GET', '/me', ownerAuth);
    expect(me.json()).toEqual({ result: { telegram_id: owner.id, role: 'owner' } });

    const list = await admin('GET', '/orders?status=paid', ownerAuth);
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      result: { orders: { id: number; status: string }[]; counts: Record<string, number> };
    }>();
    expect(body.result.orders.map((o) => o.id)).toContain(orderId);
    expect(body.result.orders.every((o) => o.status === 'paid')).toBe(true);
    expect(body.result.counts.paid).toBeGreaterThanOrEqual(1);

    const back = await admin('POST', `/orders/${orderId}/status`, ownerAuth, { status: 'awaiting_payment' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ error: { code: 'invalid_transition' } });
  });

  it('moving it to `purchasing` sends one message whose button opens the order; the shopper sees the status', async () => {
    const moved = await admin('POST', `/orders/${orderId}/status`, ownerAuth, {
      status: 'purchasing',
      comment: 'Выкупаем на Poizon',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ result: { id: orderId, status: 'purchasing' } });

    const purchasing = () =>
      messagesTo(buyer.user.id).filter((c) => String(c.body.text).includes(`№${orderId} выкупается`));
    await waitFor(() => purchasing().length > 0, 'the purchasing message');
    // Counted once both of the order's messages are recorded as sent: a sent row is never sent
    // again, so a second send, if any, has happened by then.
    const notificationsOfOrder = async () =>
      (await admin('GET', `/orders/${orderId}`, ownerAuth)).json<{
        result: { notifications: { status: string }[] };
      }>().result.notifications;
    await waitFor(
      async () => (await notificationsOfOrder()).every((n) => n.status === 'sent'),
      'both messages recorded as sent',
    );
    expect(purchasing()).toHaveLength(1);
    const keyboard = purchasing()[0]!.body.reply_markup as Keyboard;
    expect(keyboard.inline_keyboard[0]![0]).toEqual({
      text: 'Открыть заказ',
      web_app: { url: `${PUBLIC_URL}/orders/details/${orderId}` },
    });

    const own = await t.app.inject({
      url: `/api/v1/order/detail/${orderId}`,
      headers: { authorization: buyer.authorization },
    });
    expect(own.json()).toMatchObject({ result: { id: orderId, status: 'purchasing' } });

    const card = await admin('GET', `/orders/${orderId}`, ownerAuth);
    const c = card.json<{
      result: {
        history: { status: string; actor: { telegram_id: number } | null; comment: string | null }[];
        notifications: { status: string }[];
      };
    }>().result;
    expect(c.history.map((h) => h.status)).toEqual(['awaiting_payment', 'paid', 'purchasing']);
    expect(c.history[0]).toMatchObject({ actor: null });
    expect(c.history[2]).toMatchObject({ actor: { telegram_id: owner.id }, comment: 'Выкупаем на Poizon' });
    expect(c.notifications.map((n) => n.status)).toEqual(['sent', 'sent']);
  });

  it('a manager moves orders but may not refund, and loses access as soon as removed', async () => {
    const manager = makeTelegramUser({ first_name: 'Максим' });
    const managerAuth = await login(t.app, manager);
    expect((await admin('GET', '/me', managerAuth)).statusCode).toBe(403);

    const added = await admin('POST', '/staff', ownerAuth, { telegram_id: manager.id, role: 'manager' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      result: { telegram_id: manager.id, role: 'manager', name: 'Максим Тестов' },
    });

    const moved = await admin('POST', `/orders/${orderId}/status`, managerAuth, {
      status: 'to_warehouse',
      tracking_number: 'YT1234567890',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      result: { status: 'to_warehouse', tracking_number: 'YT1234567890' },
    });

    const refund = await admin('POST', `/orders/${orderId}/refund`, managerAuth, { reason: 'Попробую' });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await admin('GET', '/staff', managerAuth)).statusCode).toBe(403);

    expect((await admin('DELETE', `/staff/${manager.id}`, ownerAuth)).statusCode).toBe(200);
    const after = await admin('POST', `/orders/${orderId}/status`, managerAuth, { status: 'customs' });
    expect(after.statusCode).toBe(403);
    expect((await admin('GET', '/me', managerAuth)).statusCode).toBe(403);
  });

  it('a shopper gets 403 forbidden on every admin route, and no token gets 401', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
      );
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: buyer.authorization },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect([method, url, res.statusCode, res.json<{ error: { code: string } }>().error.code]).toEqual([
        method,
        url,
        403,
        'forbidden',
      ]);
      const anonymous = await t.app.inject({ method: method as 'GET', url });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    }
  });
});

describe('refunds, audit, export', () => {
  it('a full refund by the owner makes the order `refunded`, returns the stock and tells the shopper', async () => {
    const { orderId, variantId } = await placeAndPay(t.app, buyer, { price: 2300, qty: 3 });
    expect(await variantQty(t.app.db, variantId)).toBe(2);

    const tooMuch = await admin('POST', `/orders/${orderId}/refund`, ownerAuth, {
      amount: 2301,
      reason: 'Ошибка',
    });
    expect(tooMuch.statusCode).toBe(409);

    const refund = await admin('POST', `/orders/${orderId}/refund`, ownerAuth, {
      reason: 'Нет размера у продавца',
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ result: { order_id: orderId, amount: 2300, status: 'succeeded' } });

    const card = await admin('GET', `/orders/${orderId}`, ownerAuth);
    expect(card.json()).toMatchObject({
      result: { status: 'refunded', paid_amount: 2300, refunded_amount: 2300 },
    });
    expect(await variantQty(t.app.db, variantId)).toBe(3);

    const again = await admin('POST', `/orders/${orderId}/refund`, ownerAuth, { reason: 'Ещё раз' });
    expect(again.statusCode).toBe(409);

    await waitFor(
      () =>
        messagesTo(buyer.user.id).some((c) =>
          new RegExp(`Мы вернули 2\\s300 ₽ по заказу №${orderId}\\. Деньги придут на карту`).test(
            String(c.body.text),
          ),
        ),
      'the refund message',
    );
    // One refund, one message: the outbox holds no second «оформлен возврат» status message (M7);
    // it would have been written in the refund's own transaction.
    const outbox = await t.app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
    expect(
      outbox.map((n) => n.kind).filter((k) => k === 'refund.succeeded' || k === 'order.refunded'),
    ).toEqual(['refund.succeeded']);
  });

  it('the audit log names every admin write', async () => {
    const res = await admin('GET', '/audit?limit=200', ownerAuth);
    expect(res.statusCode).toBe(200);
    const entries = res.json<{
      result: { entries: { action: string; actor: { telegram_id: number } | null; after: unknown }[] };
    }>().result.entries;
    const actions = entries.map((e) => e.action);
    expect(actions.filter((a) => a === 'order.status')).toHaveLength(2);
    expect(actions).toEqual(expect.arrayContaining(['staff.add', 'staff.remove', 'order.refund']));
    expect(entries.find((e) => e.action === 'order.refund')).toMatchObject({
      actor: { telegram_id: owner.id },
    });
  });

  it('the CSV export is UTF-8 with a BOM, `;`-separated, and lists the filtered orders', async () => {
    const res = await admin('GET', '/orders/export.csv?status=refunded', ownerAuth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Номер;Дата;Статус;Сумма товаров, ₽;Скидка, ₽;Бонусы, ₽;К оплате, ₽;Оплачено, ₽;Возвращено, ₽;Позиций;Товары;Покупатель;Telegram;Получатель;Телефон;Город;Трек-номер;Нужен возврат',
    );
    const refunded = await admin('GET', '/orders?status=refunded', ownerAuth);
    const orders = refunded.json<{ result: { orders: { id: number; created_at: string }[] } }>().result
      .orders;
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(orders.map((o) => o.id));
    // Goods, discount, bonuses, to pay, paid, refunded; the date in the shop's time zone (Moscow).
    const cells = lines[1]!.split(';');
    expect(cells.slice(2, 9)).toEqual(['Возврат оформлен', '2300', '0', '0', '2300', '2300', '2300']);
    const moscow = new Date(Date.parse(orders[0]!.created_at) + 3 * 3600_000).toISOString();
    expect(cells[1]).toBe(
      `${moscow.slice(8, 10)}.${moscow.slice(5, 7)}.${moscow.slice(0, 4)} ${moscow.slice(11, 16)}`,
    );
    expect(cells[10]).toMatch(/ × \d+$/);
  });

  it('the per-line export has one row per order line with its price and sum', async () => {
    const res = await admin('GET', '/orders/export-lines.csv?status=refunded', ownerAuth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('order-lines-');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Номер;Дата;Статус;Товар;Вариант;Размер;Количество;Цена, ₽;Сумма, ₽;Покупатель;Telegram;Получатель;Город',
    );
    const card = await admin('GET', `/orders/${Number(lines[1]!.split(';')[0])}`, ownerAuth);
    const items = card.json<{ result: { items: { title: string; price: number; quantity: number }[] } }>()
      .result.items;
    const rows = lines.slice(1).filter((l) => l.startsWith(`${lines[1]!.split(';')[0]};`));
    expect(rows.map((l) => l.split(';').slice(3, 4)[0])).toEqual(items.map((i) => i.title));
    expect(rows.map((l) => Number(l.split(';')[8]))).toEqual(items.map((i) => i.price * i.quantity));
  });

  it('notes are written and shown on the card', async () => {
    const list = await admin('GET', '/orders', ownerAuth);
    const id = list.json<{ result: { orders: { id: number }[] } }>().result.orders[0]!.id;
    const note = await admin('POST', `/orders/${id}/notes`, ownerAuth, { text: 'Позвонить покупателю' });
    expect(note.statusCode).toBe(201);
    const card = await admin('GET', `/orders/${id}`, ownerAuth);
    expect(card.json()).toMatchObject({
      result: { notes: [{ text: 'Позвонить покупателю', author: { telegram_id: owner.id } }] },
    });
  });

  it('no message was ever sent twice', async () => {
    const sent = fake.delivered().map((c) => `${String(c.body.chat_id)}|${String(c.body.text)}`);
    expect(sent.length).toBeGreaterThan(3);
    expect(new Set(sent).size).toBe(sent.length);
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.status, 'sent'));
    expect(rows.length).toBe(sent.length);
  });
});
