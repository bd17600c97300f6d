// Publishing and hiding a product from the console: a hidden product leaves every shopper-facing
// read (listing, search, suggestions, product page, similar) and cannot be bought, while staff
// still see it; publishing it again brings it all back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { rebuildSearchTerms, searchVectorUpdate } from '../catalog/catalog-import.repository.ts';
import { shopper, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
});
afterAll(() => t.close());

const publish = (id: number, isPublished: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/products/${id}`,
    headers: { authorization: ownerAuth },
    payload: { is_published: isPublished },
  });

const listedIds = async (query: string) =>
  (await t.app.inject({ url: `/api/v2/product?${query}` }))
    .json<{ result: { products: { id: number }[] } }>()
    .result.products.map((p) => p.id);

const suggestions = async (prefix: string) =>
  (await t.app.inject({ url: `/api/v1/search-suggest?prefix=${encodeURIComponent(prefix)}` }))
    .json<{ result: { suggestions: { text: string }[] } }>()
    .result.suggestions.map((s) => s.text);

const similarIds = async (id: number) => {
  const res = await t.app.inject({ url: `/api/v1/product/${id}/similar` });
  return res.statusCode === 200
    ? res.json<{ result: { products: { product_id: number }[] } }>().result.products.map((p) => p.product_id)
    : res.statusCode;
};

const order = (productId: number, variantId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization: buyer.authorization, 'idempotency-key': `publish-${Math.random()}` },
    payload: {
      items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
      delivery_id: buyer.deliveryId,
    },
  });

describe('publish and hide a product', () => {
  it('a hidden product leaves listing, search, suggestions, its page and similar, and cannot be bought; staff still see it', async () => {
    const hidden = await insertProduct(t.app.db, { title: 'Кеды Зефироидные', variants: [{ qty: 5 }] });
    const sibling = await insertProduct(t.app.db, { title: 'Кеды соседние', variants: [{ qty: 5 }] });
    const ids = [hidden.product.id, sibling.product.id];
    await t.app.db.execute(
      sql`update products set category_ids = '{9901}' where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    await t.app.db.execute(searchVectorUpdate(sql`p.id = any(${`{${ids.join(',')}}`}::int[])`));
    await rebuildSearchTerms(t.app.db);
    // The shopper put it in the cart while it was on sale.
    const line = { product_id: hidden.product.id, variant_id: hidden.variants[0]!.id, quantity: 1 };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: buyer.authorization },
      payload: line,
    });
    expect(added.statusCode, added.body).toBe(200);

    expect(await listedIds('search_string=Зефироидные')).toEqual([hidden.product.id]);
    expect(await listedIds('category_ids=9901')).toEqual(expect.arrayContaining(ids));
    expect(await suggestions('зефироид')).toContain('зефироидные');
    expect(await similarIds(sibling.product.id)).toEqual([hidden.product.id]);

    const hide = await publish(hidden.product.id, false);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ result: { id: hidden.product.id, is_published: false } });

    expect(await listedIds('search_string=Зефироидные')).toEqual([]);
    expect(await listedIds('category_ids=9901')).toEqual([sibling.product.id]);
    expect(await suggestions('зефироид')).not.toContain('зефироидные');
    expect(await similarIds(sibling.product.id)).toEqual([]);
    expect(await similarIds(hidden.product.id)).toBe(404);
    const page = await t.app.inject({ url: `/api/v1/product/${hidden.product.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ error: { code: 'not_found' } });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: buyer.authorization },
      payload: line,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'conflict', message: 'Товар снят с продажи' } });
    const placed = await order(hidden.product.id, hidden.variants[0]!.id);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({
      error: { code: 'conflict', message: 'Товар «Кеды Зефироидные» снят с продажи' },
    });
    const [stock] = await queryRows<{ qty: number }>(
      t.app.db,
      sql`select qty from variants where id = ${hidden.variants[0]!.id}`,
    );
    expect(stock?.qty).toBe(5);

    const staffView = await t.app.inject({
      url: `/api/v1/admin/products/${hidden.product.id}`,
      headers: { authorization: ownerAuth },
    });
    expect(staffView.json()).toMatchObject({ result: { id: hidden.product.id, is_published: false } });

    expect((await publish(hidden.product.id, true)).statusCode).toBe(200);
    expect(await listedIds('search_string=Зефироидные')).toEqual([hidden.product.id]);
    expect((await t.app.inject({ url: `/api/v1/product/${hidden.product.id}` })).statusCode).toBe(200);
    expect(await suggestions('зефироид')).toContain('зефироидные');
    expect([200, 201]).toContain((await order(hidden.product.id, hidden.variants[0]!.id)).statusCode);
  });

  it('only staff who operate the catalogue may publish, and the change is audit-logged', async () => {
    const { product } = await insertProduct(t.app.db);
    const shopperPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${product.id}`,
      headers: { authorization: buyer.authorization },
      payload: { is_published: false },
    });
    expect(shopperPatch.statusCode).toBe(403);
    expect((await publish(product.id, false)).statusCode).toBe(200);
    const audit = await t.app.inject({ url: '/api/v1/admin/audit', headers: { authorization: ownerAuth } });
    const entry = audit
      .json<{
        result: { entries: { action: string; entity_id: string; before: unknown; after: unknown }[] };
      }>()
      .result.entries.find((e) => e.action === 'product.update' && e.entity_id === String(product.id));
    expect(entry).toMatchObject({ before: { is_published: true }, after: { is_published: false } });
  });
});
