// Typo suggestions from memory (decision 086): the token index's trigrams of the suggestion terms
// give exactly what the typo statement (`suggestTypoSql`, pg_trgm's `%` and `word_similarity`)
// selects, in its order, for thousands of typos of the terms in both alphabets — on the demo
// catalogue and after terms with other characters are added — and a typo costs no statement but
// the index's log read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, readRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { seededRandom, typosOf } from '../../test/typos.ts';
import { statementsOf } from '../../test/statements.ts';
import { rebuildSearchTerms } from './catalog-import.repository.ts';
import { suggest, suggestTypoSql, transliterate } from './search.repository.ts';
import { seedDemoCatalog } from './seed.ts';
import { tokenIndexOf, type TokenIndex } from './token-index.ts';
import { trigramKey, trigramsOf } from './trigram.ts';

let t: TestApp;
let index: TokenIndex;

beforeAll(async () => {
  // The catalogue cache off: every request computes its answer (the statements counted are its own).
  t = await buildTestApp({ catalogCache: false });
  await seedDemoCatalog(t.app.db);
  await rebuildSearchTerms(t.app.db);
  index = tokenIndexOf(t.app.db)!;
  await index.whenLoaded(t.app.db);
  expect(await index.sync(t.app.db)).toBe(true);
});
afterAll(() => t.close());

/** What the statement selects (its display texts, in order) beside what the index answers. */
async function compare(prefix: string, size: number) {
  const lower = prefix.trim().toLowerCase().replace(/\s+/g, ' ');
  const want = (await readRows<{ display: string }>(t.app.db, suggestTypoSql(prefix, size))).map(
    (r) => r.display,
  );
  const got = index.typoSuggestions(lower, transliterate(lower), size * 2);
  return { prefix, want, got };
}

async function typoQueries(seed: number): Promise<string[]> {
  const terms = await queryRows<{ term: string }>(t.app.db, sql`SELECT term FROM search_terms ORDER BY term`);
  expect(terms.length).toBeGreaterThan(50);
  const pick = seededRandom(seed);
  const queries = new Set<string>([
    'адидос',
    'адидас',
    'nikke',
    'найкк',
    'кросовки',
    'krossovki',
    'nike air',
    'кроссовки найк',
    'Адидос',
    '  НАЙК  ',
    'ad1das',
    'пума-',
    "levi's",
    'zzzzqqq',
    '...',
    'ab',
    'x y z',
    'a-b-c-d',
  ]);
  for (const { term } of terms) {
    for (const word of [term, transliterate(term)]) {
      if ([...word].length < 3) continue;
      for (const typo of typosOf(word, pick)) if (typo.trim().length >= 3) queries.add(typo);
      queries.add(word.slice(0, 3)).add(`${word} ${word.slice(0, 2)}`);
    }
  }
  return [...queries];
}

describe('typo suggestions from the token index', { timeout: 120_000 }, () => {
  it('cuts trigrams as pg_trgm does, hashing those of several bytes', async () => {
    for (const text of ['адидас', 'Ab c_d-é 1ü', 'nike air max 90', 'Ёлка', 'x']) {
      const [{ shown }] = (await queryRows<{ shown: string[] }>(
        t.app.db,
        sql`SELECT show_trgm(${text}) AS shown`,
      )) as [{ shown: string[] }];
      const mine = new Set(trigramsOf(text, (cp) => /[\p{L}\p{N}]/u.test(String.fromCodePoint(cp))));
      const hex = (key: number) => `0x${key.toString(16).padStart(6, '0')}`;
      const printable = (key: number) =>
        [key >> 16, (key >> 8) & 255, key & 255].every(
          (b) => b === 32 || /[a-z0-9]/i.test(String.fromCharCode(b)),
        );
      const asShown = [...mine].map((key) =>
        printable(key) ? String.fromCharCode(key >> 16, (key >> 8) & 255, key & 255) : hex(key),
      );
      expect(asShown.sort()).toEqual([...shown].sort());
    }
    expect(trigramKey(0x20, 0x20, 0x61)).toBe(0x202061);
  });

  it('select what the statement selects, in its order, for thousands of typos in both alphabets', async () => {
    expect(index.typosInMemory).toBe(true);
    const queries = await typoQueries(1);
    expect(queries.length).toBeGreaterThan(1000);
    let answered = 0;
    for (const prefix of queries) {
      const { want, got } = await compare(prefix, 50);
      expect({ prefix, got }).toEqual({ prefix, got: want });
      if (want.length > 0) answered += 1;
    }
    // Most typos find terms, so the order of many answers is compared, not only empty ones.
    expect(answered).toBeGreaterThan(queries.length / 2);
    for (const prefix of queries.filter((_, i) => i % 25 === 0))
      for (const size of [20, 3])
        expect({ prefix, got: await suggest(t.app.db, prefix, size, { tokenIndex: index }) }).toEqual({
          prefix,
          got: await suggest(t.app.db, prefix, size, { tokenIndex: false }),
        });
  });

  it('still match after terms with other characters are added, and leave unknown ones to the statement', async () => {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO brands (name, aliases, popularity) VALUES
        ('Café Ünïcode', '{кафе-юникод}', 7), ('Ωmega Σport', '{омега}', 3), ('A_B&C 3000', '{}', 9)`);
      await rebuildSearchTerms(tx);
    });
    expect(await index.sync(t.app.db)).toBe(true);
    expect(index.typosInMemory).toBe(true);
    for (const prefix of ['cafe unicode', 'кафэ', 'ωmegga', 'σportt', 'a_b&c', 'ab 300', 'ünicod', 'cafée']) {
      const { want, got } = await compare(prefix, 20);
      expect({ prefix, got }).toEqual({ prefix, got: want });
    }
    // A character the database was not asked about: the statement answers.
    expect(index.typoSuggestions('адидос✓', transliterate('адидос✓'), 40)).toBeUndefined();
    expect(await suggest(t.app.db, 'адидос✓', 20, { tokenIndex: index })).toEqual(
      await suggest(t.app.db, 'адидос✓', 20, { tokenIndex: false }),
    );
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM brands WHERE name IN ('Café Ünïcode', 'Ωmega Σport', 'A_B&C 3000')`);
      await rebuildSearchTerms(tx);
    });
  });

  it('cost no statement but the log read, through the route with the bloggers', async () => {
    await t.app.inject({ url: '/api/v1/search-suggest?prefix=nik' });
    for (const prefix of ['адидос', 'nikke', 'кросовки']) {
      const { result, texts } = await statementsOf(t.app.db, () =>
        t.app.inject({ url: `/api/v1/search-suggest?prefix=${encodeURIComponent(prefix)}` }),
      );
      expect(result.statusCode).toBe(200);
      const texts_ = result
        .json<{ result: { suggestions: { text: string }[] } }>()
        .result.suggestions.map((s) => s.text);
      expect(texts_).toEqual(await suggest(t.app.db, prefix, 10, { tokenIndex: false }));
      expect(texts_.length).toBeGreaterThan(0);
      expect(texts.length).toBe(1);
      expect(texts[0]).toContain('catalog_changes');
    }
  });
});
