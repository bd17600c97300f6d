// The token index's change log read in the page's own statement (docs/decisions/081): a page the
// index picks is read with the log in one statement, for each of many requests at once, and a
// write committed before a request is in its answer even though the index picked the page before
// it had read the log (it reads again and picks again).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { holdTransaction } from '../../test/held-transaction.ts';
import { statementsOf } from '../../test/statements.ts';
import type { ListingQuery } from './listing.sql.ts';
import { listProducts } from './listing.repository.ts';
import { planSearch } from './search-plan.ts';
import { searchVectorUpdate } from './catalog-import.repository.ts';
import { tokenIndexOf } from './token-index.ts';

let t: TestApp;
const colour = `лог-${process.pid}`;
const word = `логтест${process.pid}`;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 12; i++) {
    const { product } = await insertProduct(t.app.db, {
      title: `Кроссовки ${word} ${i}`,
      variants: [{ price: 1000 + 100 * i, size: '39', color: colour }],
    });
    // The listing's filter columns and sort keys (an import writes them; the fixture does not).
    await t.app.db
      .update(products)
      .set({ colors: [colour], sizesEu: ['39'], popularity: 100 + i, sales: 12 - i })
      .where(eq(products.id, product.id));
    ids.push(product.id);
  }
  await t.app.db.execute(searchVectorUpdate(sql`p.id = ANY(${`{${ids.join(',')}}`}::int[])`));
  const index = tokenIndexOf(t.app.db)!;
  await index.whenLoaded(t.app.db);
  await index.sync(t.app.db);
});
afterAll(() => t.close());

/** The statements `run` sends to the database. */
const statements = <T>(run: () => Promise<T>) => statementsOf(t.app.db, run);
const readsLog = (text: string) => text.includes('catalog_changes');
/** A page statement (its pictures' sub-select). */
const readsPage = (text: string) => text.includes('product_images');

const query = (extra: Partial<ListingQuery> = {}): ListingQuery => ({
  colors: [colour],
  sizes_eu: ['39'],
  limit: 3,
  ...extra,
});
/** The page as the database alone gives it. */
const bySql = async (asked: ListingQuery) =>
  JSON.stringify(await listProducts(t.app.db, asked, { tokenIndex: false }));

describe('the change log read in the page statement', () => {
  it('costs each combined-filter request one statement, also for ten at once, with the answers of SQL', async () => {
    // One read to settle the index after the inserts.
    await listProducts(t.app.db, query());
    const sorts = [undefined, 'PRICE_ASC', 'PRICE_DESC', 'NEWEST', 'SALES'] as const;
    const asked = Array.from({ length: 10 }, (_, i) => query({ sorting: sorts[i % sorts.length] }));
    const { result, texts } = await statements(() =>
      Promise.all(asked.map((q) => listProducts(t.app.db, q))),
    );
    // Each request's page statement reads the log too; no read of the log on its own.
    expect(texts.filter(readsPage)).toHaveLength(10);
    expect(texts.filter((text) => readsLog(text) && !readsPage(text))).toEqual([]);
    expect(texts.filter(readsPage).every(readsLog)).toBe(true);
    for (const [i, q] of asked.entries())
      expect(JSON.stringify(result[i]), JSON.stringify(q)).toBe(await bySql(q));
  });

  it('costs a search by relevance its plan and one statement for the page and the log', async () => {
    const asked = { search_string: word, limit: 3 };
    await listProducts(t.app.db, asked);
    const plan = await planSearch(t.app.db, asked);
    expect(plan?.mode).toBe('fulltext');
    const { result, texts } = await statements(() => listProducts(t.app.db, asked));
    expect(texts.filter((text) => readsLog(text) && !readsPage(text))).toEqual([]);
    expect(texts.filter(readsPage)).toHaveLength(1);
    expect(texts.filter(readsPage).every(readsLog)).toBe(true);
    expect(JSON.stringify(result)).toBe(await bySql(asked));
  });

  it('shows a write committed before the request, which the index had not read when it picked', async () => {
    const last = ids[0]!; // the least popular: not on the first page
    expect((await listProducts(t.app.db, query())).products.map((p) => p.id)).not.toContain(last);
    // Written in SQL, as another instance would: nothing here hears of it.
    await t.app.db.execute(sql`UPDATE products SET popularity = 1000000 WHERE id = ${last}`);
    const page = await listProducts(t.app.db, query());
    expect(page.products[0]?.id).toBe(last);
    expect(JSON.stringify(page)).toBe(await bySql(query()));

    // A product that leaves the selection, and one that joins it.
    const gone = ids[11]!;
    await t.app.db.execute(sql`UPDATE products SET colors = '{другой}' WHERE id = ${gone}`);
    const after = await listProducts(t.app.db, query({ limit: 20 }));
    expect(after.products.map((p) => p.id)).not.toContain(gone);
    expect(JSON.stringify(after)).toBe(await bySql(query({ limit: 20 })));
    await t.app.db.execute(sql`UPDATE products SET colors = ${`{${colour}}`}::text[] WHERE id = ${gone}`);
    const back = await listProducts(t.app.db, query({ limit: 20 }));
    expect(back.products.map((p) => p.id)).toContain(gone);
    expect(JSON.stringify(back)).toBe(await bySql(query({ limit: 20 })));

    // A search by relevance: the title tier's candidates picked before the log was read.
    const searched = { search_string: word, limit: 2 };
    await t.app.db.execute(sql`UPDATE products SET popularity = 2000000 WHERE id = ${ids[1]!}`);
    const found = await listProducts(t.app.db, searched);
    expect(found.products[0]?.id).toBe(ids[1]);
    expect(JSON.stringify(found)).toBe(await bySql(searched));
  });

  // PGlite runs one transaction at a time: a transaction running beside the reads needs a server.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'costs one statement a request while a transaction begun before a logged write still runs',
    async () => {
      // A transaction with an id, left open: the server's oldest running one, so the index's log
      // reads cannot move past it and find the write below again each time (decision 087).
      const { release, done: holder } = await holdTransaction(t.app.db, sql`SELECT txid_current()`);
      try {
        await t.app.db.execute(sql`UPDATE products SET sales = sales + 1 WHERE id = ${ids[2]!}`);
        await listProducts(t.app.db, query()); // reads the write
        const asked = Array.from({ length: 10 }, (_, i) => query({ sorting: i % 2 ? 'SALES' : undefined }));
        const { result, texts } = await statements(() =>
          Promise.all(asked.map((q) => listProducts(t.app.db, q))),
        );
        expect(texts.filter(readsPage)).toHaveLength(10);
        expect(texts.filter((text) => readsLog(text) && !readsPage(text))).toEqual([]);
        for (const [i, q] of asked.entries())
          expect(JSON.stringify(result[i]), JSON.stringify(q)).toBe(await bySql(q));
      } finally {
        release();
        await holder;
      }
    },
  );
});
