// Precomputed facet counts (`catalog_facet_counts`, migration 0012, docs/decisions/025) stay equal
// to a direct count over the products after every catalogue write: an import and a re-import that
// moves a product, the console hiding, publishing and re-pricing, an order placed and lapsed, a
// refund, writes straight to the table. Two checks after each: the table equals a recount from
// scratch, and the facets API answer read from it equals the one counted over the products.
import type { ProductFilters } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { placeAndPay, shopper, waitForImportJob, type Shopper } from '../admin/console-test-kit.ts';
import { expireUnpaidOrders } from '../orders/expire-orders.ts';
import { demoCatalog } from './demo/demo-catalog.ts';
import { precomputedSelection, productFilters } from './facets.repository.ts';
import { filterConditions, pgArray, sqlAnd, type FilterKind, type ListingFilters } from './listing.sql.ts';
import { planSearch } from './search-plan.ts';
import { seedDemoCatalog } from './seed.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
let t: TestApp;
let ownerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
});
afterAll(() => t.close());

const admin = (method: 'PATCH' | 'POST', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: ownerAuth },
    payload: payload as object,
  });

/** A single-value selection from a facet token (`k:1`, `c:Черный`, `s:42`, `b:7`, `f:men`). */
function selectionOf(token: string): ListingFilters {
  const value = token.slice(2);
  switch (token.slice(0, 2)) {
    case 'k:':
      return { category_ids: [Number(value)] };
    case 'c:':
      return { colors: [value] };
    case 's:':
      return { sizes_eu: [value] };
    case 'b:':
      return { brand_ids: [Number(value)] };
    default:
      return { category_fit_people: [value as 'men'] };
  }
}

/**
 * The reference: each facet counted over the products' own columns (not their tokens), one query
 * per kind, as the API did before migration 0012.
 */
async function referenceFacets(filters: ListingFilters): Promise<ProductFilters> {
  const db = t.app.db;
  const plan = await planSearch(db, filters);
  const w = (except?: FilterKind) => {
    const where = filterConditions({ search_string: filters.search_string }, plan);
    const on = (k: FilterKind) => k !== except && (filters[k]?.length ?? 0) > 0;
    if (on('category_ids')) where.push(sql`p.category_ids && ${pgArray(filters.category_ids!)}::int[]`);
    if (on('colors')) where.push(sql`p.colors && ${pgArray(filters.colors!)}::text[]`);
    if (on('sizes_eu')) where.push(sql`p.sizes_eu && ${pgArray(filters.sizes_eu!)}::text[]`);
    if (on('brand_ids')) where.push(sql`p.brand_id = ANY(${pgArray(filters.brand_ids!)}::int[])`);
    if (on('category_fit_people'))
      where.push(sql`p.fit_people = ANY(${pgArray(filters.category_fit_people!)}::text[])`);
    return sqlAnd(where);
  };
  const sizes = await queryRows<{ value: string; count: number }>(
    db,
    sql`SELECT s AS value, count(*)::int AS count FROM products p, unnest(p.sizes_eu) s WHERE ${w('sizes_eu')} GROUP BY s`,
  );
  const sizeOrder = (await productFilters(db, filters)).sizes_eu.map((r) => r.value);
  return {
    brands: await queryRows(
      db,
      sql`SELECT b.id, b.name, count(*)::int AS count FROM products p JOIN brands b ON b.id = p.brand_id
          WHERE ${w('brand_ids')} GROUP BY b.id, b.name ORDER BY count DESC, b.name`,
    ),
    colors: await queryRows(
      db,
      sql`SELECT c AS value, count(*)::int AS count FROM products p, unnest(p.colors) c
          WHERE ${w('colors')} GROUP BY c ORDER BY count DESC, c`,
    ),
    // The API orders sizes in code (numbers, then letters); the same set in that order.
    sizes_eu: [...sizes].sort((a, b) => sizeOrder.indexOf(a.value) - sizeOrder.indexOf(b.value)),
    categories: await queryRows(
      db,
      sql`SELECT k.id, k.name, count(*)::int AS count FROM products p, unnest(p.category_ids) c JOIN categories k ON k.id = c
          WHERE ${w('category_ids')} GROUP BY k.id, k.name, k.position ORDER BY k.position, k.id`,
    ),
    fit_people: await queryRows(
      db,
      sql`SELECT p.fit_people AS value, count(*)::int AS count FROM products p
          WHERE ${w('category_fit_people')} GROUP BY p.fit_people ORDER BY count DESC, value`,
    ),
    total: (
      await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${w()}`)
    )[0]!.n,
  };
}

/**
 * The counts table equals a recount, and for the empty selection, every single-value selection
 * (up to `perKind` values of each kind, plus every token of `touched` products) and a few wider
 * ones, the facets the API answers (from the table or by one pass per selection) equal the
 * reference counted over the products' columns.
 */
async function expectExact(touched: number[] = [], perKind = 4) {
  const db = t.app.db;
  const kept = await queryRows<{ sel: string; facet: string; n: number }>(
    db,
    sql`SELECT sel, facet, n FROM catalog_facet_counts WHERE n <> 0 ORDER BY sel, facet`,
  );
  const recount = await queryRows<{ sel: string; facet: string; n: number }>(
    db,
    sql`SELECT x.sel, x.facet, count(*)::int AS n FROM products p, catalog_facet_pairs(p.facet_tokens) x
        WHERE p.is_published GROUP BY x.sel, x.facet ORDER BY x.sel, x.facet`,
  );
  expect(kept).toEqual(recount);
  expect(kept.length).toBeGreaterThan(0);

  const tokens = await queryRows<{ token: string }>(
    db,
    sql`SELECT token FROM (
          SELECT token, row_number() OVER (PARTITION BY left(token, 2) ORDER BY count(*) DESC, token) AS r
          FROM products p, unnest(p.facet_tokens) token WHERE p.is_published GROUP BY token
        ) ranked WHERE r <= ${perKind}
        UNION
        SELECT unnest(facet_tokens) FROM products WHERE id = ANY(${`{${touched.join(',')}}`}::int[])`,
  );
  const selections: ListingFilters[] = [{}, ...tokens.map((r) => selectionOf(r.token))];
  // Wider selections take the direct path for some facets and the table for others.
  const [first] = tokens;
  if (first)
    selections.push({ ...selectionOf(first.token), category_fit_people: ['men', 'women', 'unisex', 'kids'] });
  selections.push({ category_ids: [1], colors: ['Черный'] }, { search_string: 'кроссовки' });
  // Every kind at once, from one published product's own values (so the answer is not empty).
  const [sample] = await queryRows<{ facet_tokens: string[] }>(
    db,
    sql`SELECT facet_tokens FROM products WHERE is_published AND cardinality(colors) > 0 AND brand_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
  );
  if (sample) {
    const all: Record<string, (string | number)[]> = {};
    for (const token of sample.facet_tokens)
      for (const [key, values] of Object.entries(selectionOf(token)) as [string, (string | number)[]][])
        all[key] = [...(all[key] ?? []), ...values];
    selections.push(all, { ...all, search_string: 'кроссовки' });
  }
  let fromTable = 0;
  for (const filters of selections) {
    if (precomputedSelection(filters) !== undefined) fromTable += 1;
    const read: ProductFilters = await productFilters(db, filters);
    const reference = await referenceFacets(filters);
    expect(read, JSON.stringify(filters)).toEqual(reference);
    expect(await productFilters(db, filters, { precomputed: false }), JSON.stringify(filters)).toEqual(
      reference,
    );
  }
  expect(fromTable).toBeGreaterThan(1);
}

describe('precomputed facet counts', () => {
  it('match a direct count on an empty catalogue and after the demo import', async () => {
    const empty = await queryRows(t.app.db, sql`SELECT * FROM catalog_facet_counts WHERE n <> 0`);
    expect(empty).toEqual([]);
    const summary = await seedDemoCatalog(t.app.db);
    expect(summary?.created).toBeGreaterThan(100);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      t.app.db,
      sql`SELECT n AS total FROM catalog_facet_counts WHERE sel = '' AND facet = ''`,
    );
    expect(total).toBe(summary!.created);
    await expectExact([], 12);
  });

  it('follow a re-import that moves a product to another brand, colour and category', async () => {
    const file = demoCatalog(3);
    const [product] = file.products;
    const before = await queryRows<{ id: number; facet_tokens: string[] }>(
      t.app.db,
      sql`SELECT id, facet_tokens FROM products WHERE spu = ${product!.spu}`,
    );
    product!.brand = file.brands.find((b) => b.name !== product!.brand)!.name;
    product!.categories = [
      file.categories.find((c) => c.parent_id != null && !product!.categories.includes(c.id))!.id,
    ];
    for (const v of product!.variants) v.color = 'Фиолетовый';
    const res = await admin('POST', '/catalog/import', file);
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForImportJob(t.app, res.json<{ result: { id: number } }>().result.id, ownerAuth);
    expect(job.status).toBe('done');
    const [after] = await queryRows<{ facet_tokens: string[] }>(
      t.app.db,
      sql`SELECT facet_tokens FROM products WHERE id = ${before[0]!.id}`,
    );
    expect(after!.facet_tokens).toContain('c:Фиолетовый');
    expect(after!.facet_tokens).not.toEqual(before[0]!.facet_tokens);
    await expectExact([before[0]!.id]);
  });

  it('follow the console hiding, publishing and re-pricing a product', async () => {
    const [row] = await queryRows<{ id: number }>(t.app.db, sql`SELECT id FROM products ORDER BY id LIMIT 1`);
    const id = row!.id;
    const sel = await queryRows<{ token: string }>(
      t.app.db,
      sql`SELECT facet_tokens[1] AS token FROM products WHERE id = ${id}`,
    );
    const count = async () => (await productFilters(t.app.db, selectionOf(sel[0]!.token))).total;
    const shown = await count();
    expect((await admin('PATCH', `/products/${id}`, { is_published: false })).statusCode).toBe(200);
    expect(await count()).toBe(shown - 1);
    await expectExact([id]);
    expect((await admin('PATCH', `/products/${id}`, { is_published: true })).statusCode).toBe(200);
    expect(await count()).toBe(shown);
    await expectExact([id]);
    const [v] = await t.app.db.select().from(variants).where(eq(variants.productId, id));
    expect((await admin('PATCH', `/variants/${v!.id}`, { price: 777, qty: 0 })).statusCode).toBe(200);
    await expectExact([id]);
  });

  it('follow an order placed and lapsed, and a refund', async () => {
    const {
      product,
      variants: [v],
    } = await insertProduct(t.app.db, { variants: [{ qty: 1, color: 'Белый' }] });
    await expectExact([product.id]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: buyer.authorization, 'idempotency-key': `facet-counts-${process.pid}` },
      payload: {
        items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
        delivery_id: buyer.deliveryId,
      },
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const [taken] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(taken!.inStock).toBe(false);
    await expectExact([product.id]);
    const swept = await expireUnpaidOrders(t.app.db, new Date(Date.now() + 24 * 60 * 60_000), { ttlMin: 30 });
    expect(swept).toContain(placed.json<{ result: { id: number } }>().result.id);
    await expectExact([product.id]);

    const paid = await placeAndPay(t.app, buyer, { price: 2300, qty: 3 });
    await expectExact([]);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${paid.orderId}/refund`,
      headers: { authorization: ownerAuth },
      payload: { reason: 'Нет размера у продавца' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await expectExact([]);
  });

  it('follow writes straight to the table: new colours, several rows at once, a delete', async () => {
    const a = await insertProduct(t.app.db);
    const b = await insertProduct(t.app.db);
    await t.app.db.execute(
      sql`UPDATE products SET colors = '{Хаки,Хаки,Синий}', sizes_eu = '{41}', category_ids = '{1,101}', fit_people = 'kids'
          WHERE id IN (${a.product.id}, ${b.product.id})`,
    );
    await expectExact([a.product.id, b.product.id]);
    await t.app.db.execute(
      sql`UPDATE products SET brand_id = NULL, is_published = false WHERE id = ${a.product.id}`,
    );
    await expectExact([a.product.id, b.product.id]);
    await t.app.db.delete(products).where(eq(products.id, b.product.id));
    await expectExact([a.product.id]);
  });
});
