// Find over HTTP on a real database (docs/product.md §14): every «Must show» of issue 12 for links,
// Poizon items into the cart, search, and requests quoted by staff.
import {
  computeFindPrice,
  DEFAULT_FIND_SETTINGS,
  type CartEntry,
  type FindRequest,
  type FindRequestList,
  type FindSettings,
  type PoizonItem,
  type PoizonSearchResult,
  type ResolveResult,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, products } from '../../db/schema/index.ts';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { shopper } from '../../test/console-kit.ts';
import { expireFindQuotes } from './find-requests.repository.ts';
import { FIXTURE_ITEMS, fixtureShortLink } from './fixture-provider.ts';

type Res = { json<T>(): T };
/** The `result` of an answer, read as the contract type it is. */
const result = <T = unknown>(res: Res): T => res.json<{ result: T }>().result;
const apiError = (res: Res) => res.json<{ error: { code: string; message: string } }>().error;

const owner = makeTelegramUser({ first_name: 'Ольга' });
let t: TestApp;
let none: TestApp;
let call: ReturnType<typeof callAs>;
let me: string;
let ownerAuth: string;
let catalogProductId: number;
const SPU = '1000112';

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id], poizon: { provider: 'fixture', minIntervalMs: 0 } });
  // A second instance on the same database, without a provider.
  none = await buildTestApp(
    { adminTelegramIds: [owner.id], poizon: { provider: 'none', minIntervalMs: 0 } },
    { database: t.database },
  );
  call = callAs(t.app);
  me = await login(t.app);
  ownerAuth = await login(t.app, owner);
  const { product } = await insertProduct(t.app.db, { title: 'Кроссовки Nike Air Force 1' });
  await t.app.db.update(products).set({ spu: SPU }).where(eq(products.id, product.id));
  catalogProductId = product.id;
}, 180_000);
afterAll(async () => {
  await none?.close();
  await t?.close();
});

const resolve = (query: string, app = t, auth = me) =>
  callAs(app.app)('POST', '/api/v1/find/poizon/resolve', auth, { query });

describe('resolve a pasted link', () => {
  it('finds the catalogue product by its spuId from an m.dewu.com link, raw share text with fast.dewu.com, and bare', async () => {
    for (const query of [
      `https://m.dewu.com/router/product/ProductDetail?spuId=${SPU}&sourceName=shareDetail`,
      `【得物】发现一件好物，Nike Air Force 1 https://fast.dewu.com/page/productDetail?spuId=${SPU}&skuId=602990624&propertyValueId=0，点击链接直接打开。`,
      SPU,
    ]) {
      const res = await resolve(query);
      expect(res.statusCode, query).toBe(200);
      expect(result(res)).toEqual({ kind: 'catalog', product_id: catalogProductId });
    }
  });

  it('turns a dw4.co link that cannot be followed into a request form', async () => {
    const noneAuth = await login(none.app);
    const res = await resolve('Смотри https://dw4.co/t/A/Unfollowable1 拼接短袖', none, noneAuth);
    expect(res.statusCode).toBe(200);
    expect(result(res)).toEqual({
      kind: 'manual',
      parsed: { url: 'https://dw4.co/t/A/Unfollowable1', spu_id: null, article: null },
    });
  });

  it('answers 400 with a Russian message for text with no link or article', async () => {
    for (const query of ['хочу такие же кроссовки', 'https://www.ozon.ru/product/123456']) {
      const res = await resolve(query);
      expect(res.statusCode).toBe(400);
      expect(apiError(res)).toMatchObject({
        code: 'bad_request',
        message: 'Не удалось распознать ссылку или артикул',
      });
    }
    expect((await resolve('')).statusCode).toBe(400);
  });

  it('opens a provider item with every size in roubles by the formula, valid 24 h', async () => {
    const fixture = FIXTURE_ITEMS[0]!;
    const res = await resolve(`https://www.dewu.com/product-detail.html?spuId=${fixture.spuId}`);
    const answer = result<{ kind: string; item: PoizonItem }>(res);
    expect(answer.kind).toBe('poizon');
    expect(answer.item.sizes.length).toBe(fixture.sizes.length);
    const first = answer.item.sizes[0]!;
    expect(first.price_rub).toBe(
      computeFindPrice(fixture.sizes[0]!.priceFen / 100, 1, DEFAULT_FIND_SETTINGS).total_rub,
    );
    expect(first.breakdown.goods_rub + first.breakdown.service_rub + first.breakdown.delivery_rub).toBe(
      first.price_rub,
    );
    const hours = (Date.parse(answer.item.valid_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // The provider knows its own short links, and articles.
    expect(result<ResolveResult>(await resolve(fixtureShortLink(fixture.spuId))).kind).toBe('poizon');
    expect(result<{ item: PoizonItem }>(await resolve(fixture.article!.toLowerCase())).item.spu_id).toBe(
      fixture.spuId,
    );
  });

  it('an unknown spuId with a provider becomes a request form too', async () => {
    expect(result(await resolve('99999999'))).toEqual({
      kind: 'manual',
      parsed: { url: null, spu_id: '99999999', article: null },
    });
  });
});

describe('«В корзину» on a Poizon item', () => {
  it('imports it as a hidden product: in the cart and orderable, never in the catalogue', async () => {
    const fixture = FIXTURE_ITEMS[1]!;
    const buyer = await shopper(t.app);
    const add = await callAs(t.app)(
      'POST',
      `/api/v1/find/poizon/items/${fixture.spuId}/cart`,
      buyer.authorization,
      {
        size: '42',
      },
    );
    expect(add.statusCode).toBe(200);
    const { product_id, variant_id } = result<{ product_id: number; variant_id: number }>(add);
    const cart = result<CartEntry[]>(await callAs(t.app)('GET', '/api/v1/cart', buyer.authorization));
    expect(cart[0]).toMatchObject({ product_id, product: { title: fixture.title } });
    expect(cart[0]!.variants[0]).toMatchObject({ id: variant_id, size: '42' });
    // The same size again is the same product and variant (one line, quantity 2).
    const again = await callAs(t.app)(
      'POST',
      `/api/v1/find/poizon/items/${fixture.spuId}/cart`,
      buyer.authorization,
      {
        size: '42',
      },
    );
    expect(result(again)).toEqual({ product_id, variant_id });
    // Not listed in the catalogue.
    const listing = await t.app.inject({
      url: `/api/v2/product?search_string=${encodeURIComponent('Dunk Low')}`,
    });
    expect(JSON.stringify(listing.json())).not.toContain(fixture.title);
    // Placed like any product.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: buyer.authorization, 'idempotency-key': `find-order-${Date.now()}` },
      payload: { items: [{ product_id, variant_id, quantity: 1 }], delivery_id: buyer.deliveryId },
    });
    expect([200, 201]).toContain(order.statusCode);
    expect(result<{ total: number }>(order).total).toBe(cart[0]!.variants[0]!.price);
  });

  it('refuses an unknown size and an unknown item', async () => {
    const fixture = FIXTURE_ITEMS[1]!;
    expect(
      (await call('POST', `/api/v1/find/poizon/items/${fixture.spuId}/cart`, me, { size: '99' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/v1/find/poizon/items/99999999/cart', me, { size: '42' })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/v1/find/poizon/items/abc/cart', me, { size: '42' })).statusCode).toBe(
      400,
    );
  });
});

describe('Poizon search', () => {
  it('finds through the provider, in Russian too, and answers an empty list', async () => {
    const res = await call('GET', '/api/v1/find/poizon/search?q=nike', me);
    expect(res.statusCode).toBe(200);
    const { items, more } = result<PoizonSearchResult>(res);
    expect(items.length).toBeGreaterThan(3);
    expect(more).toBe(false);
    expect(items[0]!.brand).toBe('Nike');
    expect(items[0]!.image).toMatch(/^\/media\/poizon\//);
    expect(items[0]!.price_from_rub % 10).toBe(0);
    const ru = result<PoizonSearchResult>(
      await call('GET', `/api/v1/find/poizon/search?q=${encodeURIComponent('кроссовки')}`, me),
    );
    // Russian words find the same goods (every fixture sneaker but the two pairs of «кеды»).
    expect(ru.items.length).toBe(FIXTURE_ITEMS.filter((i) => i.words.includes('кроссовки')).length);
    expect(ru.more).toBe(false);
    const empty = await call('GET', '/api/v1/find/poizon/search?q=zzzzzz', me);
    expect(result(empty)).toEqual({ items: [], page: 1, more: false });
  });

  it('is 503 with a Russian message when no provider is configured, 400 without words', async () => {
    const res = await callAs(none.app)('GET', '/api/v1/find/poizon/search?q=nike', await login(none.app));
    expect(res.statusCode).toBe(503);
    expect(apiError(res).code).toBe('service_unavailable');
    expect(apiError(res).message).toContain('недоступен');
    expect((await call('GET', '/api/v1/find/poizon/search?q=', me)).statusCode).toBe(400);
  });
});

describe('requests for a manual quote', () => {
  let shopperAuth: string;
  let shopperUser: ReturnType<typeof makeTelegramUser>;
  let requestId: number;

  it('a shopper sends one from the request form', async () => {
    shopperUser = makeTelegramUser();
    shopperAuth = await login(t.app, shopperUser);
    const res = await call('POST', '/api/v1/find/requests', shopperAuth, {
      source: 'link',
      url: 'https://dw4.co/t/A/Unfollowable1',
      size: '42.5 EU',
      color: 'Белый',
      button: 'blue',
      comment: 'Нужна коробка',
    });
    expect(res.statusCode).toBe(201);
    const r = result<FindRequest>(res);
    expect(r).toMatchObject({ status: 'new', size: '42.5 EU', button: 'blue', quote_rub: null });
    requestId = r.id;
    const list = result<FindRequestList>(await call('GET', '/api/v1/find/requests', shopperAuth));
    expect(list.items.map((i) => i.id)).toEqual([requestId]);
  });

  it('refuses an empty request and a foreign button', async () => {
    expect((await call('POST', '/api/v1/find/requests', shopperAuth, { size: '42' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/v1/find/requests', shopperAuth, { url: 'x', button: 'pink' })).statusCode,
    ).toBe(400);
  });

  it('refuses a link that is not https (javascript:, data:), keeps share text, upgrades http', async () => {
    const before = result<FindRequestList>(await call('GET', '/api/v1/find/requests', shopperAuth)).items.length;
    for (const url of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>']) {
      const res = await call('POST', '/api/v1/find/requests', shopperAuth, { url });
      expect(res.statusCode, url).toBe(400);
      expect(apiError(res).message).toContain('https://');
    }
    expect(result<FindRequestList>(await call('GET', '/api/v1/find/requests', shopperAuth)).items).toHaveLength(before);
  });

  it('staff quote it with the formula; the shopper sees the roubles and gets a bot message', async () => {
    const shopperOnly = await call('POST', `/api/v1/admin/find-requests/${requestId}/quote`, shopperAuth, {
      price_cny: 699,
      weight_kg: 1,
    });
    expect(shopperOnly.statusCode).toBe(403);
    const list = await call('GET', '/api/v1/admin/find-requests?status=new', ownerAuth);
    expect(result<FindRequestList>(list).items.map((i) => i.id)).toContain(requestId);
    expect(
      result<FindRequest>(await call('POST', `/api/v1/admin/find-requests/${requestId}/take`, ownerAuth))
        .status,
    ).toBe('in_progress');
    const quote = await call('POST', `/api/v1/admin/find-requests/${requestId}/quote`, ownerAuth, {
      price_cny: 699,
      weight_kg: 1,
      comment: 'Есть в наличии',
    });
    expect(quote.statusCode).toBe(200);
    expect(result(quote)).toMatchObject({ status: 'quoted', quote_rub: 10510 });

    const mine = result<FindRequest>(await call('GET', `/api/v1/find/requests/${requestId}`, shopperAuth));
    expect(mine).toMatchObject({ status: 'quoted', quote_rub: 10510, quote_comment: 'Есть в наличии' });
    expect(mine.quote_breakdown).toMatchObject({
      price_cny: 699,
      rate: 12.36,
      delivery_rub: 1000,
      total_rub: 10510,
    });

    const messages = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.chatId, shopperUser.id));
    expect(messages.map((m) => m.text)).toEqual([expect.stringContaining('10\u00a0510\u00a0₽')]);
  });

  it('another shopper gets 404 on it', async () => {
    const other = await login(t.app);
    for (const [method, url] of [
      ['GET', `/api/v1/find/requests/${requestId}`],
      ['POST', `/api/v1/find/requests/${requestId}/accept`],
      ['POST', `/api/v1/find/requests/${requestId}/decline`],
    ] as const) {
      const res = await call(method, url, other);
      expect(res.statusCode, url).toBe(404);
    }
    expect(result<FindRequestList>(await call('GET', '/api/v1/find/requests', other)).items).toEqual([]);
  });

  it('the shopper accepts it into the cart at the quoted price', async () => {
    const res = await call('POST', `/api/v1/find/requests/${requestId}/accept`, shopperAuth);
    expect(res.statusCode).toBe(200);
    const { request, product_id, variant_id } = result<{
      request: FindRequest;
      product_id: number;
      variant_id: number;
    }>(res);
    expect(request.status).toBe('accepted');
    const cart = result<CartEntry[]>(await call('GET', '/api/v1/cart', shopperAuth));
    expect(cart).toHaveLength(1);
    expect(cart[0]!.product_id).toBe(product_id);
    expect(cart[0]!.variants[0]).toMatchObject({
      id: variant_id,
      price: 10510,
      size: '42.5 EU',
      quantity: 1,
    });
    // Accepting again changes nothing; declining an accepted request is refused.
    expect(
      result<{ variant_id: number }>(
        await call('POST', `/api/v1/find/requests/${requestId}/accept`, shopperAuth),
      ).variant_id,
    ).toBe(variant_id);
    expect(
      result<CartEntry[]>(await call('GET', '/api/v1/cart', shopperAuth))[0]!.variants[0]!.quantity,
    ).toBe(1);
    expect((await call('POST', `/api/v1/find/requests/${requestId}/decline`, shopperAuth)).statusCode).toBe(
      409,
    );
  });

  it('a quote expires after 24 h (each once across two instances) and cannot be accepted', async () => {
    const created = await call('POST', '/api/v1/find/requests', shopperAuth, {
      url: 'https://dw4.co/t/A/Other',
      size: 'M',
    });
    const id = result<FindRequest>(created).id;
    await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
      price_cny: 100,
      weight_kg: 0.5,
    });
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await expireFindQuotes(t.app.db, new Date())).toEqual([]);
    const [a, b] = await Promise.all([expireFindQuotes(t.app.db, later), expireFindQuotes(t.app.db, later)]);
    expect([...a, ...b]).toEqual([id]);
    expect(result<FindRequest>(await call('GET', `/api/v1/find/requests/${id}`, shopperAuth)).status).toBe(
      'expired',
    );
    const accept = await call('POST', `/api/v1/find/requests/${id}/accept`, shopperAuth);
    expect(accept.statusCode).toBe(409);
    expect(apiError(accept).code).toBe('invalid_transition');
    // Declining is still possible.
    expect(
      result<FindRequest>(await call('POST', `/api/v1/find/requests/${id}/decline`, shopperAuth)).status,
    ).toBe('declined');
  });

  it('staff reject with a reason', async () => {
    const id = result<FindRequest>(
      await call('POST', '/api/v1/find/requests', shopperAuth, { query: 'DD1391-100' }),
    ).id;
    const res = await call('POST', `/api/v1/admin/find-requests/${id}/reject`, ownerAuth, {
      reason: 'Нет нужного размера',
    });
    expect(result(res)).toMatchObject({ status: 'rejected', reject_reason: 'Нет нужного размера' });
    expect(
      (
        await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
          price_cny: 1,
          weight_kg: 1,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('console settings: rate and fees', () => {
  it('owners change them and every price follows; others may not', async () => {
    const before = result<FindSettings>(await call('GET', '/api/v1/admin/settings/find', ownerAuth));
    expect(before).toEqual(DEFAULT_FIND_SETTINGS);
    expect(
      (await call('PUT', '/api/v1/admin/settings/find', me, { ...before, cny_rub_rate: 13 })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/v1/admin/settings/find', ownerAuth, { ...before, cny_rub_rate: -1 }))
        .statusCode,
    ).toBe(400);
    const next = { ...before, cny_rub_rate: 13.5, fx_markup_percent: 0, service_fee_min_rub: 300 };
    const saved = await call('PUT', '/api/v1/admin/settings/find', ownerAuth, next);
    expect(result(saved)).toEqual(next);
    const fixture = FIXTURE_ITEMS[2]!;
    const item = result<PoizonItem>(await call('GET', `/api/v1/find/poizon/items/${fixture.spuId}`, me));
    expect(item.sizes[0]!.price_rub).toBe(
      computeFindPrice(fixture.sizes[0]!.priceFen / 100, 1, next).total_rub,
    );
    await call('PUT', '/api/v1/admin/settings/find', ownerAuth, before);
  });
});
