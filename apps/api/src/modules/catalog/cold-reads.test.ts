// What a cold catalogue read costs the database (docs/decisions/060): on PGlite every statement
// is about a millisecond of the one thread, so a card is one statement and a combined filter that
// the token index finds empty needs none for its page. A search that names no brand in Cyrillic
// is planned in one statement (decision 074), and a typo too, from the token index (decision 089).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertBrandProduct, insertProduct } from '../../test/fixtures.ts';
import { statementsOf } from '../../test/statements.ts';
import { listProducts } from './listing.repository.ts';
import { rebuildSearchTerms, searchVectorUpdate } from './catalog-import.repository.ts';
import { productFilters } from './facets.repository.ts';
import { findProduct } from './product.repository.ts';
import { planSearch } from './search-plan.ts';
import { tokenIndexOf } from './token-index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The statements `run` sends to the database. */
async function statements<T>(run: () => Promise<T>): Promise<{ result: T; count: number; texts: string[] }> {
  const { result, texts } = await statementsOf(t.app.db, run);
  return { result, count: texts.length, texts };
}

describe('cold catalogue reads', () => {
  it('reads a product card in one statement, with its pictures, variants and categories', async () => {
    const { product, variants } = await insertProduct(t.app.db, {
      variants: [
        { qty: 2, size: '41' },
        { qty: 0, size: '42' },
      ],
    });
    const { result, count } = await statements(() => findProduct(t.app.db, product.id));
    expect(count).toBe(1);
    expect(result?.variants.map((v) => [v.id, v.qty, v.size])).toEqual([
      [variants[0]!.id, 2, '41'],
      [variants[1]!.id, 0, '42'],
    ]);
    expect(result?.images).toEqual([]);
    expect(result?.categories).toEqual([]);
  });

  it('answers a combined filter nothing matches without a statement for the page', async () => {
    await insertProduct(t.app.db, { variants: [{ size: '43' }] });
    const index = tokenIndexOf(t.app.db)!;
    await index.whenLoaded(t.app.db);
    // The index has read the product just inserted: the next read of the log finds nothing new.
    await index.sync(t.app.db);
    const query = { brand_ids: [2_000_000_000], sizes_eu: ['43'], limit: 20 };
    const { result, texts } = await statements(() => listProducts(t.app.db, query));
    expect(result).toEqual({ products: [], cursor: null, more: false });
    // Only the token index's reads (decision 036): its own before the answer, and on a busy machine
    // its timer's as well, which may fall inside the call. No page statement.
    expect(texts.length).toBeGreaterThanOrEqual(1);
    // The index's own statements: its change log, and the rows of products changed since it last
    // read (tsvector_to_array: only token-index.ts asks for it).
    const ownReads = (text: string) => text.includes('catalog_changes') || text.includes('tsvector_to_array');
    expect(texts.filter((text) => !ownReads(text))).toEqual([]);
  });

  it("counts cold facets in one statement, without the log read, when the index is exact as of the cache's stamp", async () => {
    await insertProduct(t.app.db, { variants: [{ size: '44' }] });
    const index = tokenIndexOf(t.app.db)!;
    await index.whenLoaded(t.app.db);
    // Twice: the first read applies the product, the second finds nothing new (exact as of its stamp).
    await index.sync(t.app.db);
    await index.sync(t.app.db);
    expect(index.exactAt).toBeDefined();
    let asOf: number | undefined;
    const known = { stamp: index.exactAt!, at: 1234, asOf: (at: number) => (asOf = at) };
    const filters = { sizes_eu: ['44'], colors: ['Черный'] };
    const { result, texts } = await statements(() => productFilters(t.app.db, filters, { known }));
    expect(texts).toHaveLength(1);
    expect(texts.filter((text) => text.includes('catalog_changes'))).toEqual([]);
    expect(asOf).toBe(1234);
    expect(result.total).toBe(0);
    // A stamp the index is not exact at: it reads its log first, and the answer is the same.
    const other = await statements(() =>
      productFilters(t.app.db, filters, { known: { ...known, stamp: '-1' } }),
    );
    expect(other.texts.some((text) => text.includes('catalog_changes'))).toBe(true);
    expect(other.result).toEqual(result);
  });

  it('plans a search in one statement when it names no brand in Cyrillic, in either alphabet', async () => {
    const { product } = await insertProduct(t.app.db, { title: 'Кроссовки зимние Salomon' });
    await t.app.db.execute(searchVectorUpdate(sql`p.id = ${product.id}`));
    // The index has read the product (else its log read would read the product's row too).
    await tokenIndexOf(t.app.db)!.sync(t.app.db);
    for (const [typed, text] of [
      ['кроссовки', 'кроссовки'],
      ['Salomon', 'Salomon'],
      ['зимние  кроссовки', 'зимние кроссовки'],
    ] as const) {
      const { result, count } = await statements(() => planSearch(t.app.db, { search_string: typed }));
      expect(result).toEqual({ mode: 'fulltext', text, tsquery: expect.any(String) as string });
      expect(count).toBe(1);
    }
  });
  it('plans a brand typed in Cyrillic in one statement while the aliases are unchanged, and sees a new alias at once', async () => {
    const suffix = String(process.pid);
    const name = `Zorblax${suffix}`;
    const { brandId } = await insertBrandProduct(t.app.db, {
      name,
      alias: `зорбл${suffix}`,
      title: `Кроссовки ${name}`,
    });
    const typed = { search_string: `зорбл${suffix}` };
    // The first plan reads the aliases (and probes the brand's name after): two statements.
    expect(await planSearch(t.app.db, typed)).toEqual({
      mode: 'fulltext',
      text: name,
      tsquery: expect.any(String) as string,
    });
    const { result, count } = await statements(() => planSearch(t.app.db, typed));
    expect(result).toEqual({ mode: 'fulltext', text: name, tsquery: expect.any(String) as string });
    expect(count).toBe(1);
    // An alias added in SQL, as another instance would: the next plan knows it.
    await t.app.db.execute(
      sql`UPDATE brands SET aliases = aliases || ${`{квукс${suffix}}`}::text[] WHERE id = ${brandId}`,
    );
    expect(await planSearch(t.app.db, { search_string: `квукс${suffix}` })).toEqual({
      mode: 'fulltext',
      text: name,
      tsquery: expect.any(String) as string,
    });
  });

  it("plans a typo in one statement from the token index: the texts' queries with its log read (decision 089)", async () => {
    const { product } = await insertProduct(t.app.db, { title: 'Ветровка непромокаемая Salomon' });
    await t.app.db.execute(searchVectorUpdate(sql`p.id = ${product.id}`));
    await rebuildSearchTerms(t.app.db);
    await planSearch(t.app.db, { search_string: 'ветравка' });
    const { result, count } = await statements(() => planSearch(t.app.db, { search_string: 'ветравка' }));
    expect(result).toEqual({ mode: 'fulltext', text: 'ветровка', tsquery: expect.any(String) as string });
    expect(count).toBe(1);
    // In SQL (no index) it is two: the text as typed, then the closest brand and the corrected
    // words together.
    const inSql = await statements(() =>
      planSearch(t.app.db, { search_string: 'ветравка' }, { tokenIndex: false }),
    );
    expect(inSql.result).toEqual(result);
    expect(inSql.count).toBe(2);
    // A misspelt brand is the brand's own name; a misspelt title word the word; nothing close
    // is the trigram search.
    const [brand] = await queryRows<{ name: string }>(
      t.app.db,
      sql`INSERT INTO brands (name) VALUES (${`Quintessa${process.pid}`}) RETURNING name`,
    );
    const { product: branded } = await insertProduct(t.app.db, { title: `Кепка ${brand!.name}` });
    await t.app.db.execute(
      sql`UPDATE products SET brand_id = (SELECT id FROM brands WHERE name = ${brand!.name}) WHERE id = ${branded.id}`,
    );
    await t.app.db.execute(searchVectorUpdate(sql`p.id = ${branded.id}`));
    expect((await planSearch(t.app.db, { search_string: `Quintesa${process.pid}` }))?.text).toBe(brand!.name);
    expect((await planSearch(t.app.db, { search_string: 'Salomn' }))?.text).toBe('salomon');
    expect(await planSearch(t.app.db, { search_string: 'щщщжжж' })).toEqual({
      mode: 'trigram',
      text: 'щщщжжж',
    });
  });
});
