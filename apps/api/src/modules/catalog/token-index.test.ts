// The token index's page picking (decision 074) against a count by hand over the same rows: a
// synthetic catalogue of 15,000 products (big enough that most postings are bitsets, with rare
// tokens left as sets, kinds that go together and kinds that exclude each other, many equal sort
// keys), many random selections in every order, cursors followed page by page, before and after
// writes that move products in the sort orders, unpublish them and add new ones. No database: the
// loading and syncing of the index are proved against the table by facet-counts.test.ts.
import type { Sorting } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import type { FilterKind, ListingFilters } from './listing.sql.ts';
import { TokenIndex, type ProductRow } from './token-index.ts';

const SORTINGS: Sorting[] = ['POPULARITY', 'SALES', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST'];
const KEY_AT: Record<Sorting, number> = { POPULARITY: 3, SALES: 4, PRICE_ASC: 5, PRICE_DESC: 5, NEWEST: 6 };
const WORDS = ['кроссовк', 'nike', 'рюкзак', 'редк', 'нет'];

/** A small deterministic generator (the same catalogue and selections every run). */
function random(seed: number) {
  let x = seed;
  const next = () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

function productRow(id: number, r: ReturnType<typeof random>): ProductRow {
  // Categories 1–3 are men's (fit «men» nearly always), 4–10 women's or kids' (never «men»).
  const category = r.next() < 0.5 ? 1 + r.int(3) : 4 + r.int(7);
  const fit = category <= 3 ? (r.next() < 0.95 ? 'men' : 'kids') : r.pick(['women', 'kids']);
  const brand = r.next() < 0.004 ? 12 : 1 + r.int(11); // brand 12: ≈ 60 products, a set
  const colours = Array.from({ length: 1 + r.int(3) }, () => r.pick(['A', 'B', 'C', 'D', 'E', 'F']));
  const sizes = Array.from({ length: r.int(4) }, () => String(38 + r.int(9)));
  const tokens = [
    `k:${category}`,
    `f:${fit}`,
    `b:${brand}`,
    ...colours.map((c) => `c:${c}`),
    ...sizes.map((s) => `s:${s}`),
  ];
  const words = [
    ...(r.next() < 0.3 ? ['кроссовк'] : []),
    ...(brand === 1 || r.next() < 0.02 ? ['nike'] : []),
    ...(r.next() < 0.05 ? ['рюкзак'] : []),
    ...(r.next() < 0.002 ? ['редк'] : []),
  ];
  // Few distinct keys: many products share one, so the id decides.
  const publishedAt = 1_700_000_000_000_000 + r.int(5000) * 1_000_000 + (r.next() < 0.5 ? 0 : r.int(999_999));
  return [id, tokens, words, r.int(1000), r.int(50), 100 + r.int(10_000), publishedAt];
}

const VALUES: Record<FilterKind, readonly (string | number)[]> = {
  category_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99],
  colors: ['A', 'B', 'C', 'D', 'E', 'F'],
  sizes_eu: ['38', '39', '40', '41', '42', '43', '44', '45', '46'],
  brand_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  category_fit_people: ['men', 'women', 'kids'],
};
const PREFIX: Record<FilterKind, string> = {
  category_ids: 'k:',
  colors: 'c:',
  sizes_eu: 's:',
  brand_ids: 'b:',
  category_fit_people: 'f:',
};

function randomSelection(r: ReturnType<typeof random>): { filters: ListingFilters; words: string[] } {
  const kinds = (Object.keys(VALUES) as FilterKind[]).filter(() => r.next() < 0.6);
  const filters: Record<string, unknown> = {};
  for (const kind of kinds.length >= 2 ? kinds : (['category_ids', 'category_fit_people'] as const))
    filters[kind] = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(VALUES[kind])))];
  const words = r.next() < 0.4 ? [...new Set(Array.from({ length: 1 + r.int(2) }, () => r.pick(WORDS)))] : [];
  return { filters: filters, words };
}

/**
 * The pages counted by hand: every row with each filtered kind and word, in the sort's order as
 * (key, id); `page` gives the first `limit` after a cursor and whether others follow.
 */
function reference(
  rows: ReadonlyMap<number, ProductRow>,
  { filters, words }: { filters: ListingFilters; words: string[] },
  sort: Sorting,
) {
  const at = KEY_AT[sort];
  const sign = sort === 'PRICE_ASC' ? 1 : -1;
  const kinds = (Object.keys(PREFIX) as FilterKind[]).filter((kind) => filters[kind]?.length);
  const matching = [...rows.values()].filter(
    (row) =>
      kinds.every((kind) =>
        (filters[kind] as (string | number)[]).some((v) => row[1].includes(PREFIX[kind] + String(v))),
      ) && words.every((w) => row[2].includes(w)),
  );
  const compare = (a: [number, number], b: [number, number]) => sign * (a[0] - b[0] || a[1] - b[1]);
  const sorted = matching.map((row) => [row[at] as number, row[0]] as [number, number]).sort(compare);
  return (after: { key: number; id: number } | undefined, limit: number) => {
    const from = after ? sorted.findIndex((k) => compare(k, [after.key, after.id]) > 0) : 0;
    const rest = from < 0 ? [] : sorted.slice(from);
    return { ids: rest.slice(0, limit).map((k) => k[1]), more: rest.length > limit };
  };
}

/**
 * `writes` random writes to both the index and the rows it must match: replaced, unpublished (15 %)
 * and, for a batch of 3, new products past the index's capacity.
 */
function writeRandom(
  index: TokenIndex,
  rows: Map<number, ProductRow>,
  r: ReturnType<typeof random>,
  writes: number,
  rowOf: (id: number, r: ReturnType<typeof random>) => ProductRow,
): void {
  for (let i = 0; i < writes; i++) {
    const id = writes === 3 ? 20_000 + i : 1 + r.int(15_500);
    const row = r.next() < 0.15 ? undefined : rowOf(id, r);
    if (row) rows.set(id, row);
    else rows.delete(id);
    index.set(id, row);
  }
}

/** Every selection's pages (cursors followed up to 4 pages) equal the reference's. */
function expectSamePages(
  index: TokenIndex,
  rows: ReadonlyMap<number, ProductRow>,
  seed: number,
  count: number,
) {
  const r = random(seed);
  let pages = 0;
  for (let i = 0; i < count; i++) {
    const selection = randomSelection(r);
    const sort = r.pick(SORTINGS);
    const limit = r.pick([1, 21, 42]);
    const search = selection.words.length
      ? index.searchMatch(selection.words.map((w) => `'${w}'`).join(' & '))
      : undefined;
    const pageOf = reference(rows, selection, sort);
    let after: { key: number; id: number } | undefined;
    if (r.next() < 0.2) {
      // A cursor at any product, matching or not.
      const row = rows.get(r.pick([...rows.keys()]))!;
      after = { key: row[KEY_AT[sort]] as number, id: row[0] };
    }
    for (let page = 0; page < 4; page++) {
      const got = index.pageIds(selection.filters, sort, after, limit, search);
      const want = pageOf(after, limit);
      expect({ selection, sort, after, limit, got }).toEqual({ selection, sort, after, limit, got: want });
      pages += 1;
      const last = got.ids.at(-1);
      if (!got.more || last === undefined) break;
      after = { key: rows.get(last)![KEY_AT[sort]] as number, id: last };
    }
  }
  return pages;
}

describe('the token index picks pages', { timeout: 120_000 }, () => {
  it('equal to a count by hand, for many selections in every order, before and after writes', () => {
    const r = random(74);
    const rows = new Map<number, ProductRow>();
    for (let id = 1; id <= 15_000; id++) if (r.next() < 0.97) rows.set(id, productRow(id, r));
    const index = TokenIndex.of([...rows.values()]);
    expect(expectSamePages(index, rows, 1, 400)).toBeGreaterThan(400);

    // A few writes (merged into the kept orders), then many (the orders made again), then products
    // past the index's capacity (its arrays grown).
    for (const writes of [25, 2500, 3]) {
      writeRandom(index, rows, r, writes, productRow);
      expectSamePages(index, rows, writes, 150);
    }
  });

  it('as a search of plain words finds the same products as matchQuery, and declines the rest', () => {
    const r = random(7);
    const rows = [...Array(20_000).keys()].map((i) => productRow(i + 1, r));
    const index = TokenIndex.of(rows);
    for (const query of [
      "'кроссовк' & 'nike'",
      "'nike'",
      "'редк' & 'кроссовк'",
      "'нет'",
      "'nike' | 'рюкзак'",
      "!'nike'",
      '',
    ]) {
      const expected = index.idsIn(index.matchQuery(query)!);
      const page = index.pageIds({}, 'POPULARITY', undefined, 30_000, index.searchMatch(query));
      expect(page.ids.sort((a, b) => a - b)).toEqual(expected);
    }
    expect(index.searchMatch("'nik':*")).toBeUndefined();
  });
});

/**
 * A product as `productRow` makes it, and now and then one with more codes of a kind than its
 * column holds (decision 080: four categories, six colours of eight variants, ten sizes), which
 * the index counts from its pool.
 */
function facetRow(id: number, r: ReturnType<typeof random>): ProductRow {
  const row = productRow(id, r);
  if (r.next() < 0.03)
    row[1] = [
      ...row[1],
      ...['k:11', 'k:12', 'k:13'].filter(() => r.next() < 0.7),
      ...Array.from({ length: 3 + r.int(6) }, () => `c:${r.pick(['A', 'B', 'C', 'D', 'E', 'F'])}`),
      ...['38', '39', '40', '41', '42', '43', '44', '45', '46', '47']
        .filter(() => r.next() < 0.8)
        .map((s) => `s:${s}`),
    ];
  return row;
}

const ALL_KINDS = Object.keys(PREFIX) as FilterKind[];

/** The groups a facet request counts: each filtered kind without itself, the rest without none. */
function facetGroups(filters: ListingFilters) {
  const filtered = ALL_KINDS.filter((kind) => filters[kind]?.length);
  return [
    ...filtered.map((kind) => ({ except: kind, kinds: [kind] })),
    { except: undefined, kinds: ALL_KINDS.filter((kind) => !filtered.includes(kind)) },
  ];
}

/** A group's counts by hand: its tokens (with multiplicity) over the rows of its selection, '' their number. */
function countByHand(
  rows: ReadonlyMap<number, ProductRow>,
  filters: ListingFilters,
  group: { except: FilterKind | undefined; kinds: FilterKind[] },
  matches: (row: ProductRow) => boolean,
): Map<string, number> {
  const kinds = ALL_KINDS.filter((kind) => kind !== group.except && filters[kind]?.length);
  const counts = new Map<string, number>([['', 0]]);
  for (const row of rows.values()) {
    if (!matches(row)) continue;
    if (
      !kinds.every((kind) =>
        (filters[kind] as (string | number)[]).some((v) => row[1].includes(PREFIX[kind] + String(v))),
      )
    )
      continue;
    counts.set('', counts.get('')! + 1);
    for (const token of row[1])
      if (group.kinds.some((kind) => token.startsWith(PREFIX[kind])))
        counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return counts;
}

/** Every random selection's facet counts, its search as the index's bitset or as ids, equal those by hand. */
function expectSameCounts(
  index: TokenIndex,
  rows: ReadonlyMap<number, ProductRow>,
  seed: number,
  count: number,
) {
  const r = random(seed);
  for (let i = 0; i < count; i++) {
    const { filters, words } = randomSelection(r);
    // Fewer kinds now and then: selections as broad as one kind, or all products.
    for (const kind of ALL_KINDS) if (r.next() < 0.3) delete (filters as Record<string, unknown>)[kind];
    const groups = facetGroups(filters);
    const matches = (row: ProductRow) => words.every((w) => row[2].includes(w));
    let search: Uint32Array | number[] | undefined;
    if (words.length && r.next() < 0.5) search = index.matchQuery(words.map((w) => `'${w}'`).join(' & '))!;
    else if (words.length)
      // Ids from SQL: the matching rows, and some the index does not hold (it decides what is published).
      search = [...rows.values()]
        .filter(matches)
        .map((row) => row[0])
        .concat([0, 99_999, 15_001]);
    const got = index.facetCountsOf(filters, groups, search);
    groups.forEach((group, at) => {
      const want = countByHand(rows, filters, group, matches);
      const answer = new Map(got[at]!.tokens.map((token, k) => [token, got[at]!.counts[k]!]));
      expect({ filters, words, group, counts: answer }).toEqual({ filters, words, group, counts: want });
    });
  }
}

describe('the token index counts facets', { timeout: 120_000 }, () => {
  it('equal to a count by hand, token by token and product by product, before and after writes', () => {
    const r = random(80);
    const rows = new Map<number, ProductRow>();
    for (let id = 1; id <= 15_000; id++) if (r.next() < 0.97) rows.set(id, facetRow(id, r));
    const index = TokenIndex.of([...rows.values()]);
    expectSameCounts(index, rows, 1, 300);
    // Writes that replace, unpublish and add products (some past the index's capacity).
    for (const writes of [40, 2500, 3]) {
      writeRandom(index, rows, r, writes, facetRow);
      expectSameCounts(index, rows, writes, 100);
    }
  });
});

describe('the token index numbered by category and brand', { timeout: 120_000 }, () => {
  it('counts whole blocks from their counts and picks the same pages, before and after writes', () => {
    // Numbered by category and brand, as a load numbers them (decision 085): a category's products
    // fill whole blocks of 1,024 and start and end inside others.
    const r = random(85);
    const rows = new Map<number, ProductRow>();
    for (let id = 1; id <= 15_000; id++) if (r.next() < 0.97) rows.set(id, facetRow(id, r));
    const key = (row: ProductRow) => [
      row[1].find((t) => t.startsWith('k:'))!,
      row[1].find((t) => t.startsWith('b:'))!,
    ];
    const ordered = [...rows.values()].sort((a, b) => {
      const [ka, ba] = key(a);
      const [kb, bb] = key(b);
      return ka!.localeCompare(kb!) || ba!.localeCompare(bb!) || a[0] - b[0];
    });
    const index = TokenIndex.of(ordered);
    const expectSame = (filters: ListingFilters, words: string[] = []) => {
      const groups = facetGroups(filters);
      const matches = (row: ProductRow) => words.every((w) => row[2].includes(w));
      const search = words.length ? index.matchQuery(words.map((w) => `'${w}'`).join(' & '))! : undefined;
      const got = index.facetCountsOf(filters, groups, search);
      groups.forEach((group, at) => {
        const answer = new Map(got[at]!.tokens.map((token, k) => [token, got[at]!.counts[k]!]));
        expect({ filters, group, counts: answer }).toEqual({
          filters,
          group,
          counts: countByHand(rows, filters, group, matches),
        });
      });
    };
    const wholeSelections: ListingFilters[] = [
      { category_ids: [1] },
      { category_ids: [4, 5] },
      { category_ids: [1], colors: ['A', 'B'] },
      { category_ids: [2], brand_ids: [3, 4, 5] },
      { category_ids: [7], category_fit_people: ['women', 'kids'] },
      { colors: ['A', 'B', 'C', 'D', 'E', 'F'] },
      { brand_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], sizes_eu: ['42'] },
    ];
    const check = () => {
      const before = index.blocksCounted;
      for (const filters of wholeSelections) expectSame(filters);
      expectSame({ category_ids: [1, 2, 3] }, ['nike']);
      // Every selection above but the search holds whole blocks.
      expect(index.blocksCounted - before).toBeGreaterThan(20);
    };
    check();
    expectSameCounts(index, rows, 85, 150);
    // Pages in every order from the same numbering: ties and cursors by product id, not ordinal.
    expectSamePages(index, rows, 85, 150);
    // Writes that replace products inside whole blocks (their counts follow), unpublish them, and
    // add products past the index's capacity (numbered after the rest).
    for (const writes of [40, 2500, 3]) {
      writeRandom(index, rows, r, writes, facetRow);
      check();
      expectSameCounts(index, rows, writes, 60);
      expectSamePages(index, rows, writes, 60);
    }
  });
});
