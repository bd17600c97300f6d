// The «Must show» of issue 25 over HTTP (docs/decisions/046, docs/product.md §12): the order
// lifecycle's money follows the goods, the console cannot lose stock or prices, staff hear of work,
// a lapsed order's shopper is told, and the small refusals (price 0, a mutual invite, a self role
// change).
import type { BloggerDashboard, BonusAccount, Referral } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, notifications, orders, products } from '../../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../../test/app.ts';
import { placeAndPay, placeOrder, shopper } from '../../../test/console-kit.ts';
import { insertProduct, variantQty } from '../../../test/fixtures.ts';
import { buyer, get, paidOrder, send, setStatus } from '../../../test/programmes-kit.ts';
import { expireUnpaidOrders } from '../index.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

type ErrorAnswer = { error: { code: string; message: string; field?: string } };
type Variant = { id: number; price: number; qty: number; version: number };
type ProductDetail = { id: number; is_published: boolean; variants: Variant[] };

const admin = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  authorization = ownerAuth,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });

/** Messages the outbox holds for a chat (written in the transaction of the change they announce). */
const outboxFor = (chatId: number) =>
  t.app.db.select().from(notifications).where(eq(notifications.chatId, chatId));

describe('stock and prices cannot be lost by an edit', () => {
  it('a shopper orders 2; an editor that loaded the old stock saves a price: stock unchanged, a stale set is 409 stale, +5 adds 5', async () => {
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ price: 4490, qty: 29 }] });
    const variantId = variants[0]!.id;
    // The editor opens the product (stock 29 at some version).
    const loaded = (await admin('GET', `/products/${product.id}`)).json<{ result: ProductDetail }>().result;
    const seen = loaded.variants[0]!;
    expect(seen).toMatchObject({ id: variantId, qty: 29, price: 4490 });

    // Meanwhile a shopper orders 2 of it.
    const s = await shopper(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: s.authorization, 'idempotency-key': `lc-stock-${Date.now()}` },
      payload: {
        items: [{ product_id: product.id, variant_id: variantId, quantity: 2 }],
        delivery_id: s.deliveryId,
      },
    });
    expect(placed.statusCode).toBe(201);
    expect(await variantQty(t.app.db, variantId)).toBe(27);

    // The editor saves only a new price: the stock stays what the order left.
    const price = await admin('PATCH', `/variants/${variantId}`, { price: 5290 });
    expect(price.statusCode).toBe(200);
    expect(price.json<{ result: Variant }>().result).toMatchObject({ price: 5290, qty: 27 });
    expect(await variantQty(t.app.db, variantId)).toBe(27);

    // Setting the stock with the version read before the order is refused.
    const stale = await admin('PATCH', `/variants/${variantId}`, { qty: 29, version: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().error.code).toBe('stale');
    expect(await variantQty(t.app.db, variantId)).toBe(27);
    // Without a version a set is not even accepted.
    expect((await admin('PATCH', `/variants/${variantId}`, { qty: 29 })).statusCode).toBe(400);

    const plus = await admin('PATCH', `/variants/${variantId}`, { qty_delta: 5 });
    expect(plus.statusCode).toBe(200);
    expect(await variantQty(t.app.db, variantId)).toBe(32);

    // A set at the current version works.
    const current = plus.json<{ result: Variant }>().result;
    const set = await admin('PATCH', `/variants/${variantId}`, { qty: 40, version: current.version });
    expect(set.statusCode).toBe(200);
    expect(await variantQty(t.app.db, variantId)).toBe(40);
  });

  it('the audit names product, variant, before and after in Russian; the last change can be undone', async () => {
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Футболка Nike Sport Dry 2',
      variants: [{ price: 4490, qty: 21, title: 'Черный · L' }],
    });
    const id = variants[0]!.id;
    expect((await admin('PATCH', `/variants/${id}`, { price: 100 })).statusCode).toBe(200);
    const audit = (await admin('GET', '/audit?limit=5')).json<{
      result: { entries: { action: string; entity_id: string; summary: string | null }[] };
    }>().result.entries;
    expect(audit.find((e) => e.action === 'variant.update' && e.entity_id === String(id))?.summary).toBe(
      `«Футболка Nike Sport Dry 2 · Черный · L»: цена ${(4490).toLocaleString('ru-RU')} ₽ → 100 ₽`,
    );
    const undo = await admin('POST', `/variants/${id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json<{ result: Variant }>().result).toMatchObject({ price: 4490, qty: 21 });
    // Undone once: nothing more to undo.
    expect((await admin('POST', `/variants/${id}/undo`)).statusCode).toBe(409);
    expect(product.id).toBeGreaterThan(0);
  });

  it('a hidden product is found in the console by name and its price edited', async () => {
    const title = `Скрытые кеды ${Date.now()}`;
    const { product, variants } = await insertProduct(t.app.db, {
      title,
      variants: [{ price: 3000, qty: 4 }],
    });
    expect((await admin('PATCH', `/products/${product.id}`, { is_published: false })).statusCode).toBe(200);

    const found = await admin('GET', `/products?q=${encodeURIComponent(title.slice(0, 14).toLowerCase())}`);
    expect(found.statusCode).toBe(200);
    const list = found.json<{ result: { products: { id: number; is_published: boolean }[] } }>().result
      .products;
    expect(list).toContainEqual(expect.objectContaining({ id: product.id, is_published: false }));
    // «Скрытые» lists it; the published filter does not.
    const hidden = (await admin('GET', '/products?hidden=1')).json<{
      result: { products: { id: number }[] };
    }>();
    expect(hidden.result.products.map((p) => p.id)).toContain(product.id);
    const shown = (await admin('GET', '/products?hidden=0')).json<{
      result: { products: { id: number }[] };
    }>();
    expect(shown.result.products.map((p) => p.id)).not.toContain(product.id);

    const detail = (await admin('GET', `/products/${product.id}`)).json<{ result: ProductDetail }>().result;
    expect(detail).toMatchObject({ is_published: false, variants: [{ id: variants[0]!.id, qty: 4 }] });
    const edit = await admin('PATCH', `/variants/${variants[0]!.id}`, { price: 2500 });
    expect(edit.json<{ result: Variant }>().result).toMatchObject({ price: 2500, qty: 4 });
  });

  it('a price of 0 is refused with a Russian message, and nothing changes', async () => {
    const { variants } = await insertProduct(t.app.db, { variants: [{ price: 1200 }] });
    const zero = await admin('PATCH', `/variants/${variants[0]!.id}`, { price: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ErrorAnswer>().error.message).toContain('Цена не может быть меньше 1 ₽');
    const detail = (await admin('GET', `/products/${variants[0]!.productId}`)).json<{
      result: ProductDetail;
    }>();
    expect(detail.result.variants[0]!.price).toBe(1200);
  });
});

describe('import tells the truth before it writes', () => {
  it('a dry run of a file that renames a category lists that rename, and writes nothing', async () => {
    const id = 990_000 + Math.floor(Math.random() * 9000);
    await t.app.db.insert(categories).values({ id, name: 'Обувь', position: 0 });
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Кеды для импорта',
      variants: [{ price: 4490, qty: 3 }],
    });
    const [row] = await t.app.db
      .select({ spu: products.spu })
      .from(products)
      .where(eq(products.id, product.id));
    const file = {
      categories: [{ id, name: 'Обувь (тест)' }],
      products: [
        {
          spu: row!.spu,
          title: 'Кеды для импорта',
          categories: [id],
          variants: [
            { sku: 'v0', title: variants[0]!.title, price: 3990, qty: 3, size: '40', color: 'чёрный' },
          ],
        },
      ],
    };
    const res = await admin('POST', '/catalog/import?dry_run=1', file);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{
      result: { changes: { entity: string; action: string; name: string; detail: string | null }[] };
    }>().result;
    expect(result.changes).toEqual(
      expect.arrayContaining([
        { entity: 'category', action: 'update', name: 'Обувь', detail: 'название «Обувь» → «Обувь (тест)»' },
        {
          entity: 'variant',
          action: 'update',
          name: `Кеды для импорта · ${variants[0]!.title}`,
          detail: `цена ${(4490).toLocaleString('ru-RU')} ₽ → ${(3990).toLocaleString('ru-RU')} ₽`,
        },
      ]),
    );
    const [cat] = await t.app.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, id));
    expect(cat!.name).toBe('Обувь');
  });
});

describe('money follows the goods', () => {
  it('a friend’s completed order (over the 3 000 ₽ minimum) refunded in full: refunded, the reward no longer spendable, the bonuses back, the commission gone', async () => {
    // A blogger with an approved promo code.
    const bloggerAuth = await login(t.app, makeTelegramUser({ first_name: 'Анна' }));
    const promo = `LC${Math.floor(Math.random() * 900000 + 100000)}`;
    const applied = await send(t.app, 'POST', '/api/v1/blogger/application', bloggerAuth, {
      platform: 'telegram',
      url: 'https://t.me/lc_blogger',
      followers: 5000,
      topic: 'Кроссовки',
      contact: '@lc',
      offer_accepted: true,
      marking_ack: true,
      promo_code: promo,
    });
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json<{ result: { id: number } }>().result.id;
    const approved = await send(t.app, 'POST', `/api/v1/admin/bloggers/${applicationId}/approve`, ownerAuth, {
      commission_percent: 10,
      erid: '2SDnjcLcTest',
    });
    expect(approved.statusCode).toBe(200);

    // An inviter and the friend who came by the invite link (the welcome bonus, 500).
    const inviterAuth = await login(t.app);
    const { code } = await get<Referral>(t.app, '/api/v1/referral', inviterAuth);
    const friend = await buyer(t.app, `ref_${code}`);
    const balanceOf = (auth: string) => get<BonusAccount>(t.app, '/api/v1/bonus', auth);
    const inviterBefore = (await balanceOf(inviterAuth)).balance;
    expect((await balanceOf(friend.authorization)).balance).toBe(500);

    // The friend's order with the promo code and the 500 bonuses (to pay: 4 000 − 5 % − 500 = 3 300,
    // over the invite's 3 000 ₽ minimum), paid and completed.
    const paid = await paidOrder(t.app, friend, 4000, { promo_code: promo, bonus_amount: 500 });
    expect(paid.order).toMatchObject({ total: 4000, bonus_used: 500, to_pay: 3300 });
    expect((await balanceOf(friend.authorization)).balance).toBe(0);
    await setStatus(t.app, ownerAuth, paid.order.id, 'completed');
    const reward = (await balanceOf(inviterAuth)).balance - inviterBefore;
    expect(reward).toBeGreaterThan(0);
    const dashBefore = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    const commission = Math.floor((paid.order.to_pay * 10) / 100);
    expect(dashBefore.balance.available).toBe(commission);

    // The goods come back: a full refund of the completed order.
    const refund = await send(t.app, 'POST', `/api/v1/admin/orders/${paid.order.id}/refund`, ownerAuth, {
      reason: 'Товар вернули',
    });
    expect(refund.statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, paid.order.id));
    expect(row!.status).toBe('refunded');
    expect((await balanceOf(inviterAuth)).balance).toBe(inviterBefore);
    expect((await balanceOf(friend.authorization)).balance).toBe(500);
    const dashAfter = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dashAfter.balance.available).toBe(0);
  });

  it('a partial refund lowers the blogger’s pending commission pro rata', async () => {
    const bloggerAuth = await login(t.app, makeTelegramUser({ first_name: 'Вера' }));
    const promo = `PR${Math.floor(Math.random() * 900000 + 100000)}`;
    const applied = await send(t.app, 'POST', '/api/v1/blogger/application', bloggerAuth, {
      platform: 'telegram',
      url: 'https://t.me/pr_blogger',
      followers: 5000,
      topic: 'Кроссовки',
      contact: '@pr',
      offer_accepted: true,
      marking_ack: true,
      promo_code: promo,
    });
    const applicationId = applied.json<{ result: { id: number } }>().result.id;
    await send(t.app, 'POST', `/api/v1/admin/bloggers/${applicationId}/approve`, ownerAuth, {
      commission_percent: 10,
      erid: '2SDnjcPrTest',
    });
    const fan = await buyer(t.app);
    const paid = await paidOrder(t.app, fan, 10000, { promo_code: promo });
    const toPay = paid.order.to_pay;
    expect((await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth)).balance.pending).toBe(
      Math.floor((toPay * 10) / 100),
    );
    const part = await send(t.app, 'POST', `/api/v1/admin/orders/${paid.order.id}/refund`, ownerAuth, {
      amount: 4000,
      reason: 'Часть товара вернули',
    });
    expect(part.statusCode).toBe(200);
    expect((await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth)).balance.pending).toBe(
      Math.floor(((toPay - 4000) * 10) / 100),
    );
  });

  it('a mutual invite is refused: A invited B, then A enters B’s code', async () => {
    const aUser = makeTelegramUser();
    const aAuth = await login(t.app, aUser);
    const { code: aCode } = await get<Referral>(t.app, '/api/v1/referral', aAuth);
    const b = await buyer(t.app, `ref_${aCode}`);
    const { code: bCode } = await get<Referral>(t.app, '/api/v1/referral', b.authorization);
    const res = await send(t.app, 'POST', '/api/v1/referral/apply', aAuth, { code: bCode });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorAnswer>().error.message).toBe('Нельзя ввести код того, кого пригласили вы');
  });
});

describe('messages a shop needs', () => {
  it('an owner with the «new paid order» alert gets a bot message when a shopper pays; without it, none', async () => {
    const defaults = await admin('GET', '/me/alerts');
    expect(defaults.json()).toEqual({
      result: {
        paid_order: false,
        find_request: false,
        blogger_application: false,
        payout_request: false,
        needs_refund: true,
        out_of_stock: false,
        dead_message: true,
      },
    });
    const s = await shopper(t.app);
    const first = await placeAndPay(t.app, s);
    const alertsAbout = async (orderId: number) =>
      (await outboxFor(owner.id)).filter((n) => n.kind === 'alert' && n.text.includes(`№${orderId}`));
    expect(await alertsAbout(first.orderId)).toEqual([]);

    const chosen = await admin('PUT', '/me/alerts', {
      ...defaults.json<{ result: object }>().result,
      paid_order: true,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<{ result: { paid_order: boolean } }>().result.paid_order).toBe(true);
    const second = await placeAndPay(t.app, s);
    expect((await alertsAbout(second.orderId)).map((n) => n.text)).toEqual([
      `⚠️ Новый оплаченный заказ №${second.orderId}.`,
    ]);
    // A bad body is a 400 with the field named, not a 500.
    expect((await admin('PUT', '/me/alerts', { paid_order: 'yes' })).statusCode).toBe(400);
  });

  it('a lapsed order’s shopper is told, with «Оформить снова» opening the cart', async () => {
    const s = await shopper(t.app);
    const { orderId } = await placeOrder(t.app, s);
    const lapsed = await expireUnpaidOrders(t.app.db, new Date(Date.now() + 3 * 3_600_000), { ttlMin: 1 });
    expect(lapsed).toContain(orderId);
    const told = (await outboxFor(s.user.id)).filter((n) => n.orderId === orderId);
    expect(told.map((n) => [n.kind, n.replyMarkup])).toEqual([
      ['order.lapsed', { text: 'Оформить снова', path: '/basket' }],
    ]);
    expect(told[0]!.text).toBe(
      `Заказ №${orderId} отменён: время на оплату истекло. Товары вернулись в корзину — оформите заказ снова, пока они в наличии.`,
    );
  });
});

describe('staff roles', () => {
  it('nobody changes their own role', async () => {
    const res = await admin('POST', '/staff', { telegram_id: owner.id, role: 'viewer' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorAnswer>().error.message).toBe(
      'Свою роль изменить нельзя: попросите другого владельца',
    );
    const me = await admin('GET', '/me');
    expect(me.json<{ result: { role: string } }>().result.role).toBe('owner');
  });

  it('an order with nothing to pay is refused (409)', async () => {
    // A 1 ₽ variant with the whole of it paid in bonuses is not possible under the cap, so the
    // row is forced to 0 ₽ the way an old import could have left it.
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ price: 0, qty: 3 }] });
    const s = await shopper(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: s.authorization, 'idempotency-key': `lc-zero-${Date.now()}` },
      payload: {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        delivery_id: s.deliveryId,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorAnswer>().error.code).toBe('nothing_to_pay');
    expect(await variantQty(t.app.db, variants[0]!.id)).toBe(3);
    const placed = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.total, 0)));
    expect(placed).toEqual([]);
  });
});
