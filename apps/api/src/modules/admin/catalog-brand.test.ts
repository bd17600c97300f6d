// A product's brand changed in the console (PATCH /admin/products/{id}): the shop's listing filtered
// by the new brand finds it and by the old one no longer does, its facets count it under the new
// brand, a search by the brand's name follows, and the change is audited; a brand typed by name is
// made; a brand that does not exist is refused with 400; a viewer may not change it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, products } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { addStaff } from '../../test/console-kit.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { searchVectorUpdate } from '../catalog/index.ts';

const owner = makeTelegramUser();
const viewer = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let viewerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  viewerAuth = await addStaff(t.app, ownerAuth, viewer, 'viewer');
});
afterAll(() => t.close());

const patch = (id: number, payload: object, authorization = ownerAuth) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/products/${id}`, headers: { authorization }, payload });

const listed = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v2/product?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { products: { id: number; brand: { id: number } | null }[] } }>().result.products;
};
const listedIds = async (query: string) => (await listed(query)).map((p) => p.id);

const brandFacets = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v2/product/filters?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { brands: { id: number; name: string; count: number }[] } }>().result.brands;
};

async function brand(name: string): Promise<number> {
  const [row] = await t.app.db.insert(brands).values({ name }).returning({ id: brands.id });
  return row!.id;
}

/** A published product of brand `brandId`, titled so that a search finds only it. */
async function productOf(brandId: number, title: string): Promise<number> {
  const { product } = await insertProduct(t.app.db, { title, variants: [{ qty: 4 }] });
  await t.app.db.update(products).set({ brandId }).where(eq(products.id, product.id));
  await t.app.db.execute(searchVectorUpdate(sql`p.id = ${product.id}`));
  return product.id;
}

describe("a product's brand changed in the console", () => {
  it('the listing filtered by the new brand finds it and by the old one does not; facets and search follow', async () => {
    const before = await brand('Зефирхолм');
    const after = await brand('Облакорн');
    const id = await productOf(before, 'Кеды брендовые тестовые');
    // Read once before the change, so that a stale cached answer would show.
    expect(await listedIds(`brand_ids=${before}`)).toEqual([id]);
    expect(await listedIds(`brand_ids=${after}`)).toEqual([]);
    expect(await brandFacets('search_string=брендовые')).toEqual([{ id: before, name: 'Зефирхолм', count: 1 }]);
    expect(await listedIds('search_string=Облакорн')).toEqual([]);

    const res = await patch(id, { brand_id: after });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ result: { brand: unknown } }>().result.brand).toEqual({ id: after, name: 'Облакорн' });

    expect(await listedIds(`brand_ids=${after}`)).toEqual([id]);
    expect(await listedIds(`brand_ids=${before}`)).toEqual([]);
    expect((await listed(`brand_ids=${after}`))[0]!.brand?.id).toBe(after);
    expect(await brandFacets('search_string=брендовые')).toEqual([{ id: after, name: 'Облакорн', count: 1 }]);
    expect(await listedIds('search_string=Облакорн')).toEqual([id]);
    expect(await listedIds('search_string=Зефирхолм')).toEqual([]);
    // The console's own card says it too.
    const card = await t.app.inject({ url: `/api/v1/admin/products/${id}`, headers: { authorization: ownerAuth } });
    expect(card.json<{ result: { brand: unknown } }>().result.brand).toEqual({ id: after, name: 'Облакорн' });

    const audit = await t.app.inject({
      url: `/api/v1/admin/audit?entity=product&entity_id=${id}`,
      headers: { authorization: ownerAuth },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<{ result: { entries: { entity_id: string; summary: string }[] } }>().result.entries;
    expect(entries.filter((e) => e.entity_id === String(id)).map((e) => e.summary)).toContain(
      'Товар «Кеды брендовые тестовые»: бренд «Зефирхолм» → «Облакорн»',
    );
  });

  it('a brand typed by name is made (and suggested); none takes the brand away', async () => {
    const id = await productOf(await brand('Туманлесс'), 'Куртка брендовая тестовая');
    const res = await patch(id, { brand_name: '  Новобренд   Первый ' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<{ result: { brand: { id: number; name: string } } }>().result.brand;
    expect(made.name).toBe('Новобренд Первый');
    expect(await listedIds(`brand_ids=${made.id}`)).toEqual([id]);
    const suggest = await t.app.inject({ url: `/api/v1/search-suggest?prefix=${encodeURIComponent('новобренд')}` });
    expect(
      suggest.json<{ result: { suggestions: { text: string }[] } }>().result.suggestions.map((s) => s.text),
    ).toContain('Новобренд Первый');
    // The same name in another case is the same brand, not a second one.
    const again = await patch(id, { brand_name: 'новобренд первый' });
    expect(again.json<{ result: { brand: { id: number } } }>().result.brand.id).toBe(made.id);

    const none = await patch(id, { brand_id: null });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<{ result: { brand: unknown } }>().result.brand).toBeNull();
    expect(await listedIds(`brand_ids=${made.id}`)).toEqual([]);
  });

  it('refuses a brand the shop does not have, both ways at once, and a viewer', async () => {
    const keep = await brand('Стоялкин');
    const id = await productOf(keep, 'Шапка брендовая тестовая');
    const missing = await patch(id, { brand_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe('Нет такого бренда');
    const both = await patch(id, { brand_id: keep, brand_name: 'Другой' });
    expect(both.statusCode).toBe(400);
    const byViewer = await patch(id, { brand_id: null }, viewerAuth);
    expect(byViewer.statusCode).toBe(403);
    expect(await listedIds(`brand_ids=${keep}`)).toEqual([id]);
  });
});
