// A search's plan from the token index (decision 089) is the plan SQL makes (`planSearch` with
// `tokenIndex: false`): for every suggestion term of the demo catalogue, typos of them in both
// alphabets, brands typed in Cyrillic or misspelt, pairs of words, a word only an unpublished
// product holds, stop words alone and a text of more than eight words. Made with one statement
// (the texts' queries, the index's log, the brands' md5), and with none once they are known; a
// plan made without a statement is confirmed by the page's own log read, or made again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertBrandProduct, insertProduct } from '../../test/fixtures.ts';
import { seededRandom, typosOf } from '../../test/typos.ts';
import { statementsOf } from '../../test/statements.ts';
import { rebuildSearchTerms, searchVectorUpdate } from './catalog-import.repository.ts';
import { listProducts } from './listing.repository.ts';
import { planSearch, type SearchPlan } from './search-plan.ts';
import { seedDemoCatalog } from './seed.ts';
import { tokenIndexOf, type TokenIndex } from './token-index.ts';

let t: TestApp;
let index: TokenIndex;

beforeAll(async () => {
  t = await buildTestApp({ catalogCache: false });
  await seedDemoCatalog(t.app.db);
  // A word only an unpublished product holds.
  const { product } = await insertProduct(t.app.db, { title: 'Шапка квазипурпурная' });
  await t.app.db.execute(sql`UPDATE products SET is_published = false WHERE id = ${product.id}`);
  await t.app.db.execute(searchVectorUpdate(sql`p.id = ${product.id}`));
  await rebuildSearchTerms(t.app.db);
  index = tokenIndexOf(t.app.db)!;
  await index.whenLoaded(t.app.db);
  expect(await index.sync(t.app.db)).toBe(true);
});
afterAll(() => t.close());

const withoutStamp = (plan: SearchPlan | undefined) => {
  if (!plan) return plan;
  const { asOf: _asOf, ...rest } = plan;
  return rest;
};

describe('a search plan from the token index', () => {
  it('is the plan SQL makes, for terms, typos, brands, pairs, unpublished words and long texts', async () => {
    const terms = (
      await queryRows<{ term: string }>(
        t.app.db,
        sql`SELECT term FROM search_terms ORDER BY weight DESC, term LIMIT 120`,
      )
    ).map((r) => r.term);
    const aliases = (
      await queryRows<{ a: string }>(t.app.db, sql`SELECT unnest(aliases) AS a FROM brands`)
    ).map((r) => r.a);
    expect(aliases.length).toBeGreaterThan(0);
    const pick = seededRandom(89);
    const texts = [
      ...terms,
      ...terms.filter((term) => term.length >= 4).map((term) => typosOf(term, pick)[0]!),
      ...aliases,
      ...aliases.map((alias) => typosOf(alias, pick)[0]!),
      ...terms.slice(0, 30).map((term, i) => `${term} ${terms[(i * 7 + 3) % terms.length]!}`),
      'адидос',
      'кросовки',
      'кросовки найк',
      'квазипурпурная',
      'и',
      'щщщжжж',
      'кроссовки белые мужские зимние кожаные на шнурках с мехом и без',
    ];
    // The brands are read in SQL by the first plan (decision 074), then kept.
    await planSearch(t.app.db, { search_string: 'кроссовки' }, { tokenIndex: false });
    const differ: { text: string; want: unknown; got: unknown; memory: unknown }[] = [];
    const modes = { fulltext: 0, trigram: 0, corrected: 0 };
    const notFromMemory: { text: string; planned: string }[] = [];
    for (const text of texts) {
      const want = await planSearch(t.app.db, { search_string: text }, { tokenIndex: false });
      const got = await planSearch(t.app.db, { search_string: text });
      const memory = await planSearch(t.app.db, { search_string: text }, { unconfirmed: true });
      if (
        JSON.stringify(want) !== JSON.stringify(got) ||
        JSON.stringify(want) !== JSON.stringify(withoutStamp(memory))
      )
        differ.push({ text, want, got, memory });
      if (memory?.asOf === undefined) notFromMemory.push({ text, planned: want?.text ?? text });
      if (want?.mode === 'trigram') modes.trigram += 1;
      else if (want && want.text.toLowerCase() !== text.toLowerCase()) modes.corrected += 1;
      else modes.fulltext += 1;
    }
    expect(differ).toEqual([]);
    // Made in memory, not left to the SQL (a plan made without a statement carries its stamp), but
    // for phrases («ray-ban»: `<->`), which the index does not read.
    // The texts, or the text they were planned as (a brand's name: «рейбан» → «Ray-Ban»), make one.
    const phrase = async (text: string) =>
      (
        await queryRows<{ phrase: boolean }>(
          t.app.db,
          sql`SELECT websearch_to_tsquery('russian', ${text})::text LIKE '%<->%' AS phrase`,
        )
      )[0]!.phrase;
    const notPhrases: string[] = [];
    for (const { text, planned } of notFromMemory)
      if (!(await phrase(text)) && !(await phrase(planned))) notPhrases.push(text);
    expect(notFromMemory.length).toBeLessThan(texts.length / 10);
    expect(notPhrases).toEqual([]);
    // The comparison covered every way a plan goes.
    expect(modes.fulltext).toBeGreaterThan(50);
    expect(modes.corrected).toBeGreaterThan(20);
    expect(modes.trigram).toBeGreaterThan(0);
    // A word only an unpublished product holds is corrected or searched by trigrams, not listed
    // as a full-text search that shows nothing.
    const unpublished = await planSearch(
      t.app.db,
      { search_string: 'квазипурпурная' },
      { tokenIndex: false },
    );
    expect(unpublished?.text === 'квазипурпурная' && unpublished.mode === 'fulltext').toBe(false);
  });

  it('takes one statement for a new text and none once its queries are known', async () => {
    await planSearch(t.app.db, { search_string: 'кроссовки' });
    const want = await planSearch(t.app.db, { search_string: 'кросовки найк' }, { tokenIndex: false });
    expect(want).toMatchObject({ mode: 'fulltext', text: 'кроссовки nike' });
    const first = await statementsOf(t.app.db, () =>
      planSearch(t.app.db, { search_string: 'кросовки найк' }),
    );
    expect(first.texts).toHaveLength(1);
    expect(first.result).toEqual(want);
    const known = await statementsOf(t.app.db, () =>
      planSearch(t.app.db, { search_string: 'кросовки найк' }, { unconfirmed: true }),
    );
    expect(known.texts).toHaveLength(0);
    expect(known.result).toEqual({ ...want, asOf: index.exactAt });
    // Without `unconfirmed` the plan is made with its own read of the log.
    const confirmed = await statementsOf(t.app.db, () =>
      planSearch(t.app.db, { search_string: 'кросовки найк' }),
    );
    expect(confirmed.texts).toHaveLength(1);
    expect(confirmed.result?.asOf).toBeUndefined();
  });

  it('lists by a plan made without a statement in one statement, and plans again when the catalogue changed', async () => {
    const suffix = String(process.pid);
    const name = `Vexmora${suffix}`;
    const { brandId, product } = await insertBrandProduct(t.app.db, {
      name,
      alias: `вексм${suffix}`,
      title: `Сумка ${name}`,
    });
    const asked = { search_string: `вексм${suffix}`, limit: 20 };
    expect((await listProducts(t.app.db, asked)).products.map((p) => p.id)).toEqual([product.id]);
    // Known now: the page statements alone (the title tier's, then the other tier's: one product
    // is less than a page); the first reads the log, which confirms the plan's stamp.
    const again = await statementsOf(t.app.db, () => listProducts(t.app.db, asked));
    expect(again.result.products.map((p) => p.id)).toEqual([product.id]);
    expect(again.texts).toHaveLength(2);
    expect(again.texts.filter((text) => !text.includes('SELECT page.*'))).toEqual([]);
    // Another instance adds an alias: the plan made from the kept brands is not confirmed by the
    // page's stamp, and the search is planned again, with the new alias.
    await t.app.db.execute(
      sql`UPDATE brands SET aliases = aliases || ${`{мвекс${suffix}}`}::text[] WHERE id = ${brandId}`,
    );
    const renamed = await listProducts(t.app.db, { search_string: `мвекс${suffix}`, limit: 20 });
    expect(renamed.products.map((p) => p.id)).toEqual([product.id]);
  });
});
