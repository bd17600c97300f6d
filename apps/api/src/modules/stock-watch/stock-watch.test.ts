// «Сообщить о поступлении», the price-drop notice and the staff's zero-stock alert (issue 27 item 2,
// issue 28 item 3, docs/decisions/054) over HTTP on PGlite, or PostgreSQL with TEST_DATABASE_URL:
// every writer of stock (the console's edit, an order placed and cancelled, a raw update as an
// import makes) leaves a stock event in its own transaction, and the `stock_events` pass turns it
// into exactly one outbox message per subscription, favourite drop and stock version.
import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, stockEvents } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { shopper } from '../../test/console-kit.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { stockEventsPass } from './index.ts';

let t: TestApp;
const owner = makeTelegramUser({ first_name: 'Ольга' });
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const outbox = (chatId: number, kind: string) =>
  t.app.db
    .select({ text: notifications.text, replyMarkup: notifications.replyMarkup, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(and(eq(notifications.chatId, chatId), eq(notifications.kind, kind)));

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;

/** Runs the job until no event is left (as the runner does: a busy pass runs the next at once). */
async function drain() {
  while ((await stockEventsPass(t.app.db)) > 0);
}

const setStock = (variantId: number, qtyDelta: number) =>
  call('PATCH', `/api/v1/admin/variants/${variantId}`, ownerAuth, { qty_delta: qtyDelta });

describe('«Сообщить о поступлении»', () => {
  it('only for a sold-out size of the product; repeated, it answers the same waiting subscription', async () => {
    const s = await shopper(t.app);
    const { product, variants } = await insertProduct(t.app.db, {
      variants: [{ qty: 0, size: '42' }, { qty: 3, size: '43' }],
    });
    const [soldOut, inStock] = variants;
    const url = `/api/v1/product/${product.id}/subscribe`;

    const bad = await call('POST', url, s.authorization, { variant_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'bad_request' } });
    const other = await insertProduct(t.app.db, { variants: [{ qty: 0 }] });
    expect((await call('POST', url, s.authorization, { variant_id: other.variants[0]!.id })).json()).toEqual({
      error: { code: 'not_found', message: 'Товар не найден' },
    });
    const available = await call('POST', url, s.authorization, { variant_id: inStock!.id });
    expect(available.statusCode).toBe(409);
    expect(available.json()).toEqual({
      error: { code: 'conflict', message: 'Этот размер есть в наличии — его можно купить сейчас' },
    });
    expect((await t.app.inject({ method: 'POST', url, payload: { variant_id: soldOut!.id } })).statusCode).toBe(401);

    const first = await call('POST', url, s.authorization, { variant_id: soldOut!.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ result: { product_id: product.id, variant_id: soldOut!.id } });
    const again = await call('POST', url, s.authorization, { variant_id: soldOut!.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const waiting = await call('GET', `/api/v1/product/${product.id}/subscriptions`, s.authorization);
    expect(waiting.json()).toEqual({ result: { variant_ids: [soldOut!.id] } });
  });

  it('restocked in the console: the shopper gets one bot message, never a second for that subscription', async () => {
    // Signed in without `allows_write_to_pm`: the notice answers their request, so it goes anyway
    // (decision 063; a shopper who blocked the bot is found by the send's 403).
    const s = await shopper(t.app);
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Кеды Converse',
      variants: [{ qty: 0, size: '42' }],
    });
    const variantId = variants[0]!.id;
    await call('POST', `/api/v1/product/${product.id}/subscribe`, s.authorization, { variant_id: variantId });
    await drain();
    expect(await outbox(s.user.id, 'restock')).toEqual([]);

    expect((await setStock(variantId, 2)).statusCode).toBe(200);
    await drain();
    expect(await outbox(s.user.id, 'restock')).toEqual([
      {
        text: 'Снова в наличии: «Кеды Converse», чёрный · 42 EU. Успейте заказать, пока размер есть.',
        replyMarkup: { text: 'Открыть товар', path: `/?id=${product.id}` },
        dedupeKey: expect.stringMatching(/^restock:\d+$/) as string,
      },
    ]);

    // Sold out and restocked again: that subscription was told already.
    await setStock(variantId, -2);
    await setStock(variantId, 5);
    await drain();
    expect(await outbox(s.user.id, 'restock')).toHaveLength(1);
    const waiting = await call('GET', `/api/v1/product/${product.id}/subscriptions`, s.authorization);
    expect(waiting.json()).toEqual({ result: { variant_ids: [] } });
  });

  it('a cancelled order giving the last unit back tells the waiting shopper; a restock sold out again before the pass tells nobody yet', async () => {
    const waiter = await shopper(t.app);
    const buyer = await shopper(t.app);
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ qty: 1, size: '40' }] });
    const variantId = variants[0]!.id;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: buyer.authorization, 'idempotency-key': `stock-watch-${process.pid}-1` },
      payload: { items: [{ product_id: product.id, variant_id: variantId, quantity: 1 }], delivery_id: buyer.deliveryId },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ result: { id: number } }>().result.id;
    expect(
      (await call('POST', `/api/v1/product/${product.id}/subscribe`, waiter.authorization, { variant_id: variantId }))
        .statusCode,
    ).toBe(201);

    // A raw restock and sale to zero in the same breath (as an import then an order would): the
    // pass sees the variant sold out and keeps the subscription waiting.
    await t.app.db.execute(sql`update variants set qty = 1 where id = ${variantId}`);
    await t.app.db.execute(sql`update variants set qty = 0 where id = ${variantId}`);
    await drain();
    expect(await outbox(waiter.user.id, 'restock')).toEqual([]);

    expect((await call('POST', `/api/v1/order/${orderId}/cancel`, buyer.authorization)).statusCode).toBe(200);
    await drain();
    expect((await outbox(waiter.user.id, 'restock')).map((n) => n.text)).toEqual([
      `Снова в наличии: «${product.title}», чёрный · 40 EU. Успейте заказать, пока размер есть.`,
    ]);
    // Every event was read once.
    const left = await t.app.db
      .select({ id: stockEvents.id })
      .from(stockEvents)
      .where(sql`${stockEvents.doneAt} is null`);
    expect(left).toEqual([]);
  });
});

describe('the price-drop notice', () => {
  it('a favourite whose price drops: one bot message per drop; a rise says nothing', async () => {
    const s = await shopper(t.app, makeTelegramUser({ allows_write_to_pm: true }));
    // The same favourite, kept by a shopper who never let the bot write: not told (decision 063).
    const silent = await shopper(t.app);
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Худи Nike',
      variants: [{ qty: 4, price: 5990, size: 'M' }, { qty: 4, price: 5990, size: 'L' }],
    });
    const [m, l] = variants;
    const fav = await call('POST', '/api/v1/favorites', s.authorization, { product_id: product.id, variant_id: m!.id });
    expect(fav.statusCode).toBeLessThan(300);
    const theirs = await call('POST', '/api/v1/favorites', silent.authorization, { product_id: product.id, variant_id: m!.id });
    expect(theirs.statusCode).toBeLessThan(300);

    // Another size of the product is not the favourite's.
    await call('PATCH', `/api/v1/admin/variants/${l!.id}`, ownerAuth, { price: 3990 });
    await drain();
    expect(await outbox(s.user.id, 'price_drop')).toEqual([]);

    await call('PATCH', `/api/v1/admin/variants/${m!.id}`, ownerAuth, { price: 4990 });
    await drain();
    await drain();
    expect((await outbox(s.user.id, 'price_drop')).map((n) => [n.text, n.replyMarkup])).toEqual([
      [
        `Подешевело в избранном: «Худи Nike», чёрный · M EU — ${rub(4990)} вместо ${rub(5990)}.`,
        { text: 'Открыть товар', path: `/?id=${product.id}` },
      ],
    ]);

    await call('PATCH', `/api/v1/admin/variants/${m!.id}`, ownerAuth, { price: 5490 });
    await drain();
    expect(await outbox(s.user.id, 'price_drop')).toHaveLength(1);
    await call('PATCH', `/api/v1/admin/variants/${m!.id}`, ownerAuth, { price: 4490 });
    await drain();
    expect((await outbox(s.user.id, 'price_drop')).map((n) => n.text)).toContain(
      `Подешевело в избранном: «Худи Nike», чёрный · M EU — ${rub(4490)} вместо ${rub(5490)}.`,
    );
    expect(await outbox(s.user.id, 'price_drop')).toHaveLength(2);
    expect(await outbox(silent.user.id, 'price_drop')).toEqual([]);
  });
});

describe('the zero-stock staff alert', () => {
  it('staff who chose `out_of_stock` hear once of a variant sold out by an order, by the console or by a raw update', async () => {
    const chosen = await call('PUT', '/api/v1/admin/me/alerts', ownerAuth, {
      paid_order: false,
      find_request: false,
      blogger_application: false,
      payout_request: false,
      needs_refund: true,
      out_of_stock: true,
      dead_message: true,
    });
    expect(chosen.statusCode).toBe(200);
    const buyer = await shopper(t.app);
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Бейсболка',
      variants: [{ qty: 1, size: 'OS', title: 'Чёрная' }, { qty: 3, title: 'Белая' }, { qty: 2, title: 'Синяя' }],
    });
    const [black, white, blue] = variants;
    const alerts = async () =>
      (await outbox(owner.id, 'alert')).map((n) => n.text).filter((text) => text.includes('Бейсболка'));

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: buyer.authorization, 'idempotency-key': `stock-watch-${process.pid}-2` },
      payload: { items: [{ product_id: product.id, variant_id: black!.id, quantity: 1 }], delivery_id: buyer.deliveryId },
    });
    expect(placed.statusCode).toBe(201);
    await setStock(white!.id, -3);
    await t.app.db.execute(sql`update variants set qty = 0 where id = ${blue!.id}`);
    await drain();
    await drain();
    expect((await alerts()).sort()).toEqual(
      ['⚠️ Закончился товар «Бейсболка · Белая».', '⚠️ Закончился товар «Бейсболка · Синяя».', '⚠️ Закончился товар «Бейсболка · Чёрная».'],
    );
  });
});
