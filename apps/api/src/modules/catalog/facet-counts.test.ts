// Precomputed facet counts (`catalog_facet_counts`, migration 0012, docs/decisions/025) and the
// per-instance token index (token-index.ts, migration 0013, docs/decisions/036) stay equal to a
// direct count over the products after every catalogue write: an import and a re-import that
// moves a product, the console hiding, publishing and re-pricing, an order placed and lapsed, a
// refund, writes straight to the table, a rolled back write. After each: the table equals a
// recount from scratch; the app's token index and a second instance's (which learns of writes
// only from the change log) hold exactly the published products' tokens and nothing else; and the
// facets and combined-filter listings the API answers from them equal the ones counted over the
// products' columns.
import type { ProductFilters, Sorting } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { placeAndPay, shopper, waitForImportJob, type Shopper } from '../../test/console-kit.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { CardRows } from './card-rows.ts';
import { rebuildSearchTerms } from './catalog-import.repository.ts';
import { demoCatalog } from './demo/demo-catalog.ts';
import { precomputedSelection, productFilters } from './facets.repository.ts';
import { listProducts, withTokenIds } from './listing.repository.ts';
import {
  filterConditions,
  listingRows,
  pageByIds,
  pgArray,
  sqlAnd,
  type FilterKind,
  type ListingFilters,
} from './listing.sql.ts';
import { planSearch } from './search-plan.ts';
import { suggest, transliterate } from './search.repository.ts';
import { seedDemoCatalog } from './seed.ts';
import { TokenIndex, tokenIndexOf } from './token-index.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const SORTINGS: Sorting[] = ['POPULARITY', 'SALES', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST'];
let t: TestApp;
let ownerAuth: string;
let buyer: Shopper;
/** A second instance's token index on the same database: it sees writes only through the change log. */
const other = new TokenIndex();
/**
 * Kept card rows no invalidation ever drops (decision 076): kept across every write of the suite,
 * they must still give the database's pages (their snapshot tells them stale).
 */
const keptRows = new CardRows();

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
  await other.whenLoaded(t.app.db);
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

/** The database's own suggestions at the last check, by prefix and size, and the terms they were read from. */
let databaseSuggestions: { version: string; answers: Map<string, string[]> } | undefined;

/**
 * Suggestions from both token indexes (decision 080: the terms held in memory, read again when
 * `search_terms` is rebuilt) equal the database's own, in order, for every one- and two-letter
 * prefix of every term, each term whole, their other alphabet, typos and nothing.
 */
async function expectSameSuggestions() {
  const db = t.app.db;
  const terms = await queryRows<{ term: string }>(db, sql`SELECT term FROM search_terms`);
  expect(terms.length).toBeGreaterThan(0);
  const prefixes = new Set(['nik', 'найк', 'адид', 'адидос', 'кросс', 'zzzzqqq', 'N', ' Ni  ', 'с', 'a']);
  terms.forEach(({ term }, i) => {
    prefixes.add(term.slice(0, 1));
    prefixes.add(term.slice(0, 2));
    if (i % 10 === 0) prefixes.add(term).add(transliterate(term.slice(0, 4)));
  });
  // The database's answers read `search_terms` alone (suggestSql, suggestTypoSql): while its rows
  // are the same as at the previous check, so are they, and only the indexes are asked again.
  const [{ terms: version } = { terms: '' }] = await queryRows<{ terms: string }>(
    db,
    sql`SELECT coalesce(md5(string_agg(concat_ws(chr(1), term, display, weight), chr(2) ORDER BY term, display)), '') AS terms
        FROM search_terms`,
  );
  if (databaseSuggestions?.version !== version) databaseSuggestions = { version, answers: new Map() };
  const { answers } = databaseSuggestions;
  // Both indexes synced once, here: suggest's own sync before each answer is what «follow a rebuild
  // of the terms» below asks of it.
  const indexes = [tokenIndexOf(db)!, other];
  for (const index of indexes) expect(await index.sync(db)).toBe(true);
  for (const prefix of prefixes)
    for (const size of prefix.length > 2 ? [20] : [20, 3]) {
      const key = `${size}\u0000${prefix}`;
      let want = answers.get(key);
      if (!want) answers.set(key, (want = await suggest(db, prefix, size, { tokenIndex: false })));
      for (const index of indexes)
        expect({
          prefix,
          size,
          got: await suggest(db, prefix, size, { tokenIndex: index, synced: true }),
        }).toEqual({
          prefix,
          size,
          got: want,
        });
    }
}

/**
 * The counts table equals a recount, and for the empty selection, every single-value selection
 * (up to `perKind` values of each kind, plus every token of `touched` products) and a few wider
 * ones, the facets the API answers (from the table or by one pass per selection) equal the
 * reference counted over the products' columns.
 */
async function expectExact(touched: number[] = [], perKind = 4) {
  const db = t.app.db;
  const index = tokenIndexOf(db)!;
  await index.whenLoaded(db);
  // Both indexes hold exactly the published products, their tokens and sort keys: nothing else.
  const published = await queryRows<{ id: number; facet_tokens: string[]; words: string[]; keys: number[] }>(
    db,
    sql`SELECT id, facet_tokens, coalesce(tsvector_to_array(search), '{}') AS words,
               json_build_array(popularity, sales, min_price,
                                floor(extract(epoch FROM published_at))::bigint * 1000000
                                  + extract(microseconds FROM published_at)::bigint % 1000000) AS keys
        FROM products WHERE is_published ORDER BY id`,
  );
  const expected = published.map((r) => [r.id, [...r.facet_tokens].sort(), [...r.words].sort(), r.keys]);
  for (const instance of [index, other]) {
    expect(await instance.sync(db)).toBe(true);
    const held = [...instance.snapshot()].map(([id, { tokens, words, keys }]) => [
      id,
      [...tokens].sort(),
      [...words].sort(),
      keys,
    ]);
    expect(held).toEqual(expected);
    expect(instance.size).toBe(published.length);
  }
  await expectSameSuggestions();
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
  // Searches: one word, words with «or» and «-» (evaluated in the index), a phrase (ids from SQL).
  selections.push(
    { category_ids: [1], colors: ['Черный'] },
    { search_string: 'кроссовки' },
    { search_string: 'nike or adidas', colors: ['Черный', 'Белый'] },
    { search_string: 'кроссовки -nike' },
    { search_string: '"nike air"', category_fit_people: ['men', 'women'] },
  );
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
  let listings = 0;
  for (const filters of selections) {
    if (precomputedSelection(filters) !== undefined) fromTable += 1;
    const read: ProductFilters = await productFilters(db, filters);
    const reference = await referenceFacets(filters);
    expect(read, JSON.stringify(filters)).toEqual(reference);
    // Every wider selection counted by the app's index, the other instance's, and in SQL.
    for (const tokenIndex of [index, other, false as const])
      expect(
        await productFilters(db, filters, { precomputed: false, tokenIndex }),
        `${JSON.stringify(filters)} ${tokenIndex ? 'index' : 'SQL'}`,
      ).toEqual(reference);
    // A listing of two kinds or more reads the index's ids: the same pages as the SQL alone.
    const kinds = Object.keys(filters).filter((k) => k !== 'search_string');
    if (kinds.length >= 2) {
      const query = { ...filters, limit: 500 };
      expect((await withTokenIds(db, query)).tokenIds, JSON.stringify(filters)).toBeDefined();
      const plan = await planSearch(db, query);
      const bySql = await listingRows(query, plan, (q) => queryRows<{ id: number }>(db, q));
      const byIndex = await listProducts(db, query);
      expect(
        byIndex.products.map((p) => p.id),
        JSON.stringify(filters),
      ).toEqual(bySql.slice(0, 500).map((r) => r.id));
      // Every sort, page after page by cursor: the same answers, byte for byte, as without the index.
      for (const sorting of [undefined, ...SORTINGS]) {
        let cursor: string | undefined;
        for (let page = 0; page < 2; page++) {
          const asked = { ...filters, sorting, cursor, limit: 4 };
          const label = JSON.stringify(asked);
          expect((await withTokenIds(db, asked)).tokenIds, label).toBeDefined();
          // With kept card rows (decision 076), read now or at an earlier step of the suite; a page
          // whose rows are not of the index's snapshot is read by SQL with the index's ids.
          const withIndex = JSON.stringify(await listProducts(db, asked, { rows: keptRows }));
          expect(withIndex, label).toBe(JSON.stringify(await listProducts(db, asked, { tokenIndex: false })));
          cursor = (JSON.parse(withIndex) as { cursor: string | null }).cursor ?? undefined;
          if (!cursor) break;
        }
      }
      listings += 1;
    }
  }
  expect(fromTable).toBeGreaterThan(1);
  expect(listings).toBeGreaterThan(1);
  // On PostgreSQL other databases' tests move the server's snapshot: pages may all come from SQL.
  if (t.app.dbKind === 'pglite') expect(keptRows.size).toBeGreaterThan(0);
}

describe('precomputed facet counts and the token index', { timeout: 90_000 }, () => {
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
    expect(
      (await admin('PATCH', `/variants/${v!.id}`, { price: 777, qty: 0, version: v!.version })).statusCode,
    ).toBe(200);
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

  it('ignore a rolled back write, and log nothing for writes that change no token nor sort key', async () => {
    const { product } = await insertProduct(t.app.db, { variants: [{ qty: 2, color: 'Белый' }] });
    await expectExact([product.id]);
    const logged = async () =>
      (await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM catalog_changes`))[0]!.n;
    const before = await logged();
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE products SET colors = '{Розовый}', is_published = false WHERE id = ${product.id}`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await logged()).toBe(before);
    await t.app.db.execute(
      sql`UPDATE products SET price = price + 1, in_stock = NOT in_stock WHERE id = ${product.id}`,
    );
    expect(await logged()).toBe(before);
    await expectExact([product.id]);
    await t.app.db.execute(sql`UPDATE products SET colors = '{Розовый}' WHERE id = ${product.id}`);
    expect(await logged()).toBe(before + 1);
    await expectExact([product.id]);
    // A sort key (decision 070): the combined-filter listing picks its page from the index's copy.
    for (const [n, change] of [
      [2, sql`min_price = min_price + 1`],
      [3, sql`popularity = popularity + 7`],
      [4, sql`sales = sales + 1`],
      [5, sql`published_at = published_at - interval '1.000001 second'`],
    ] as const) {
      await t.app.db.execute(sql`UPDATE products SET ${change} WHERE id = ${product.id}`);
      expect(await logged()).toBe(before + n);
      await expectExact([product.id]);
    }
  });
});

describe('suggestions from the token index', () => {
  it('follow a rebuild of the terms, on this instance and on another', async () => {
    const db = t.app.db;
    const rebuild = (write: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(write);
        await rebuildSearchTerms(tx);
      });
    const both = async (prefix: string) => [
      await suggest(db, prefix, 20, { tokenIndex: tokenIndexOf(db)! }),
      await suggest(db, prefix, 20, { tokenIndex: other }),
    ];
    expect(await both('zzyx')).toEqual([[], []]);
    await rebuild(sql`INSERT INTO brands (name, aliases, popularity) VALUES ('Zzyxx', '{ззыкс}', 5)`);
    expect(await both('zzyx')).toEqual([['Zzyxx'], ['Zzyxx']]);
    expect(await both('ззык')).toEqual([['Zzyxx'], ['Zzyxx']]);
    await expectSameSuggestions();
    await rebuild(sql`DELETE FROM brands WHERE name = 'Zzyxx'`);
    expect(await both('zzyx')).toEqual([[], []]);
    await expectSameSuggestions();
  });
});

/**
 * Searches of the page comparisons, and whether the token index takes part (a negation, `!`,
 * is the database's alone: its title tier is no subset of its matches).
 */
const SEARCHES: [ListingFilters, boolean][] = [
  [{ search_string: 'кроссовки' }, true],
  [{ search_string: 'nike' }, true],
  [{ search_string: 'кроссовки nike' }, true],
  [{ search_string: 'найк' }, true],
  [{ search_string: 'кросовки' }, true],
  [{ search_string: 'nike or adidas' }, true],
  [{ search_string: 'кроссовки', category_ids: [1] }, true],
  [{ search_string: 'nike', colors: ['Черный', 'Белый'], category_ids: [1] }, true],
  [{ search_string: 'кроссовки -nike' }, false],
];

describe('the token index search', () => {
  it('finds the same products as the database for plain words, and declines phrases and prefixes', async () => {
    const db = t.app.db;
    const index = tokenIndexOf(db)!;
    expect(await index.sync(db)).toBe(true);
    const cases: [string, boolean][] = [
      ['кроссовки', true],
      ['nike or adidas', true],
      ['кроссовки -nike', true],
      ['футболка nike', true],
      ['"nike air"', false],
    ];
    for (const [text, plain] of cases) {
      const [{ q } = { q: '' }] = await queryRows<{ q: string }>(
        db,
        sql`SELECT websearch_to_tsquery('russian', ${text})::text AS q`,
      );
      const bits = index.matchQuery(q);
      expect(bits !== undefined, q).toBe(plain);
      if (!bits) continue;
      const found = index.idsIn(bits);
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM products WHERE is_published AND search @@ websearch_to_tsquery('russian', ${text}) ORDER BY id`,
      );
      expect(found, q).toEqual(rows.map((r) => r.id));
      expect(found.length, q).toBeGreaterThan(0);
    }
    expect(index.matchQuery("'nik':*")).toBeUndefined();
  });

  it('gives searches by relevance the same pages, byte for byte, as the database alone', async () => {
    const db = t.app.db;
    let followed = 0;
    let found = 0;
    for (const [filters, byIndex] of SEARCHES)
      for (const limit of [3, 8]) {
        let cursor: string | undefined;
        for (let page = 0; page < 4; page++) {
          const asked = { ...filters, cursor, limit };
          const label = JSON.stringify(asked);
          const plan = await planSearch(db, asked);
          const query = await withTokenIds(db, asked, tokenIndexOf(db), plan);
          if (!cursor) expect(query.searchIds !== undefined, label).toBe(byIndex);
          const withIndex = JSON.stringify(await listProducts(db, asked));
          expect(withIndex, label).toBe(JSON.stringify(await listProducts(db, asked, { tokenIndex: false })));
          const answer = JSON.parse(withIndex) as { products: unknown[]; cursor: string | null };
          found += answer.products.length;
          cursor = answer.cursor ?? undefined;
          if (!cursor) break;
          followed += 1;
        }
      }
    // Most searches had several pages (so cursors were followed), and they found products.
    expect(followed).toBeGreaterThan(SEARCHES.length);
    expect(found).toBeGreaterThan(0);
  });

  it('gives searches by price, novelty, sales and popularity the same pages as the database alone, picked in the index (decision 089)', async () => {
    const db = t.app.db;
    let followed = 0;
    for (const sorting of ['PRICE_ASC', 'PRICE_DESC', 'NEWEST', 'SALES', 'POPULARITY'] as const)
      for (const [filters, byIndex] of SEARCHES) {
        let cursor: string | undefined;
        for (let page = 0; page < 3; page++) {
          const asked = { ...filters, sorting, cursor, limit: 5 };
          const label = JSON.stringify(asked);
          const plan = await planSearch(db, asked);
          const query = await withTokenIds(db, asked, tokenIndexOf(db), plan);
          // The page itself picked in the index, and read by its ids alone.
          expect(query.tokenIds !== undefined && query.tokenSearch === true, label).toBe(byIndex);
          expect(pageByIds(query, plan), label).toBe(byIndex);
          const withIndex = JSON.stringify(await listProducts(db, asked));
          expect(withIndex, label).toBe(JSON.stringify(await listProducts(db, asked, { tokenIndex: false })));
          cursor = (JSON.parse(withIndex) as { cursor: string | null }).cursor ?? undefined;
          if (!cursor) break;
          followed += 1;
        }
      }
    expect(followed).toBeGreaterThan(20);
  });
});
