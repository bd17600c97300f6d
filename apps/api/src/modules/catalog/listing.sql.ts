// The SQL of the catalogue listing: filter conditions and one page per query. Every listing order
// is (sort key, id) and has a matching index (see docs/benchmarks.md). Exported so the benchmark
// can EXPLAIN exactly what the API runs.
import type { CatalogFilterQuery, Sorting } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { decodeCursor, SORTS, type ListingSort } from './cursor.ts';
import { articleIdsSql, searchOf, type SearchPlan } from './search-plan.ts';

/** A Postgres array literal for a parameter (`{"a","b"}`), safe for any text. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}

export type ListingFilters = Omit<CatalogFilterQuery, 'search_string'> & {
  search_string?: string | undefined;
};

export type FilterKind = 'category_ids' | 'colors' | 'sizes_eu' | 'brand_ids' | 'category_fit_people';

export const FILTER_KINDS: readonly FilterKind[] = [
  'category_ids',
  'colors',
  'sizes_eu',
  'brand_ids',
  'category_fit_people',
];

/** Token prefix of each kind in `products.facet_tokens` (migration 0012). */
export const TOKEN_PREFIX: Record<FilterKind, string> = {
  category_ids: 'k:',
  colors: 'c:',
  sizes_eu: 's:',
  brand_ids: 'b:',
  category_fit_people: 'f:',
};

/** The tokens of a kind's selected values. */
export const facetTokens = (kind: FilterKind, values: readonly (string | number)[]): string[] =>
  values.map((v) => TOKEN_PREFIX[kind] + String(v));

/** WHERE conditions of the filters (published products only), leaving out one kind (for its own facet). */
export function filterConditions(
  filters: ListingFilters,
  plan: SearchPlan | undefined,
  except?: FilterKind,
  /** The ids of the products matching every filtered kind, from the token index (decision 036). */
  tokenIds?: readonly number[],
): SQL[] {
  // Hidden products never reach shoppers. Nearly every product is published, so the sort indexes
  // stay the plan and this is a cheap row filter on them (EXPLAIN on 20,000 demo products: the
  // same index for every sort as without it, no sequential scan).
  const where: SQL[] = [sql`p.is_published`];
  const has = <K extends FilterKind>(k: K) => k !== except && (filters[k]?.length ?? 0) > 0;
  const kinds = FILTER_KINDS.filter(has);
  if (kinds.length >= 2 && tokenIds) {
    // Two kinds or more, already intersected in this instance's token index: the page is read by
    // primary key and sorted (a few thousand rows at most), not by a GIN scan of broad tokens.
    where.push(sql`p.id = ANY(${`{${tokenIds.join(',')}}`}::int[])`);
  } else if (kinds.length >= 2) {
    // Two kinds or more: every kind as a condition on the one token array, so a single GIN scan
    // ANDs them, led by the rarest token (five kinds at a million: 130 ms as a BitmapAnd of four
    // indexes; docs/decisions/025). One kind alone keeps its own index, which the sort index
    // with a filter often beats.
    for (const kind of kinds)
      where.push(sql`p.facet_tokens && ${pgArray(facetTokens(kind, filters[kind]!))}::text[]`);
  } else if (has('category_ids')) where.push(sql`p.category_ids && ${pgArray(filters.category_ids!)}::int[]`);
  else if (has('colors')) where.push(sql`p.colors && ${pgArray(filters.colors!)}::text[]`);
  else if (has('sizes_eu')) where.push(sql`p.sizes_eu && ${pgArray(filters.sizes_eu!)}::text[]`);
  else if (has('brand_ids')) where.push(sql`p.brand_id = ANY(${pgArray(filters.brand_ids!)}::int[])`);
  else if (has('category_fit_people'))
    where.push(sql`p.fit_people = ANY(${pgArray(filters.category_fit_people!)}::text[])`);
  const search = searchOf(filters, plan);
  if (search) {
    // Russian full text (title, brand and its Cyrillic aliases, category, description), or, when
    // that finds nothing, a trigram match on the title for typos and transliterations.
    where.push(
      search.mode === 'fulltext'
        ? sql`p.search @@ websearch_to_tsquery('russian', ${search.text})`
        : search.mode === 'article'
          ? sql`p.id IN (${articleIdsSql(search.lower)})`
          : sql`${search.lower} <% lower(p.title)`,
    );
  }
  return where;
}

/** Joins conditions with AND (TRUE for none); named apart from drizzle's `and`, which builds columns. */
export const sqlAnd = (conditions: SQL[]) =>
  conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`;

export type ListingQuery = ListingFilters & {
  sorting?: Sorting | undefined;
  cursor?: string | undefined;
  limit: number;
  /** Set when two kinds or more are filtered and the token index found these products (decision 036). */
  tokenIds?: readonly number[] | undefined;
  /**
   * With `tokenIds` picked as the page (decision 070): the catalogue stamp the token index was
   * exactly as of when it picked them, if it was (kept card rows of that stamp build the page:
   * card-rows.ts, decisions 076, 084).
   */
  tokenStamp?: string | undefined;
  /**
   * With `tokenIds` picked as the page of a search by another order than relevance (decision 089):
   * the index found them among the search's products, so they stand for its condition too, and
   * the page is read by ids alone (`pageByIds`).
   */
  tokenSearch?: boolean | undefined;
  /**
   * Full-text relevance: the first products of the title tier's order (popularity, id) among the
   * token index's products matching the search's words in any part of the text (decision 070), a
   * superset of the tier's; `more` when others follow. The tier is read among these ids, and again
   * without them when they gave less than a page while others followed (listingRows).
   */
  searchIds?: { ids: readonly number[]; more: boolean } | undefined;
};

export function resolveSort(query: ListingQuery): ListingSort {
  return query.sorting ?? (searchOf(query) ? 'RELEVANCE' : 'POPULARITY');
}

/** Full-text relevance key: tier * TIER + popularity (see SORTS.RELEVANCE). */
const TIER = 10_000_000_000;
export const RELEVANCE_TIER = TIER;

/**
 * Wraps one page query (`p` rows with a `sort_key`) with the card columns and first 5 pictures;
 * with `log`, the token index's change-log read in the same statement (decision 081): its columns
 * on every row, and one row with no product (`id` null) when the page is empty.
 */
function pageSql(
  from: SQL,
  where: SQL[],
  keyOut: SQL,
  order: SQL,
  limit: number,
  outerOrder: SQL,
  log?: SQL,
): SQL {
  const inner = sql`
      SELECT p.id, p.spu, p.title, p.computed_title, p.image_src, p.min_price, p.price, p.in_stock,
             b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url, ${keyOut} AS sort_key
      FROM ${from} LEFT JOIN brands b ON b.id = p.brand_id
      WHERE ${sqlAnd(where)}
      ORDER BY ${order}
      LIMIT ${limit}`;
  const images = sql`(SELECT coalesce(json_agg(json_build_object('id', i.id, 'src', i.src) ORDER BY i.position), '[]'::json)
            FROM product_images i WHERE i.product_id = page.id AND i.position < 5) AS images`;
  if (log)
    return sql`
    SELECT page.*, ${images}, log.*
    FROM (SELECT ${log}) log LEFT JOIN LATERAL (${inner}) page ON TRUE
    ORDER BY ${outerOrder}`;
  return sql`
    SELECT page.*, ${images}
    FROM (${inner}) page
    -- The page's pictures in the same round trip; the outer order repeats the inner one.
    ORDER BY ${outerOrder}`;
}

/**
 * The SQL of one listing page (exported so the benchmark can EXPLAIN exactly what the API runs).
 * Full-text relevance is two queries, one per tier (see SORTS.RELEVANCE): `tier` picks one.
 */
export function listingSql(
  query: ListingQuery,
  plan?: SearchPlan,
  tier?: 1 | 2,
  limit = query.limit + 1,
  /** The token index's change-log columns to read in the same statement (decision 081). */
  log?: SQL,
): SQL {
  const sort = resolveSort(query);
  const spec = SORTS[sort];
  const search = searchOf(query, plan);
  if (sort === 'RELEVANCE' && search?.mode === 'fulltext') {
    const where = filterConditions(
      { ...query, search_string: undefined },
      undefined,
      undefined,
      query.tokenIds,
    );
    // The plan's tsquery as text when it has one (the probe made it from the same text): a value,
    // not a call, so that a prepared statement does not make it again for every row (decision 087).
    const tsquery = plan?.tsquery;
    const q =
      tsquery !== undefined ? sql`${tsquery}::tsquery` : sql`websearch_to_tsquery('russian', ${search.text})`;
    // The same query restricted to weight A (title, brand): each lexeme gets `:A`.
    const qA =
      tsquery !== undefined
        ? sql`${weightA(tsquery)}::tsquery`
        : sql`(regexp_replace(${q}::text, ${"'(?:[^']|'')*'"}, ${'\\&:A'}, 'g'))::tsquery`;
    const t = tier ?? 2;
    where.push(t === 2 ? sql`p.search @@ ${qA}` : sql`p.search @@ ${q} AND NOT (p.search @@ ${qA})`);
    if (t === 2 && query.searchIds)
      where.push(sql`p.id = ANY(${`{${query.searchIds.ids.join(',')}}`}::int[])`);
    if (query.cursor) {
      const c = decodeCursor(query.cursor, sort);
      const cursorTier = Math.floor(Number(c.key) / TIER);
      const popularity = Number(c.key) % TIER;
      if (t > cursorTier) where.push(sql`FALSE`);
      else if (t === cursorTier) where.push(sql`(p.popularity, p.id) < (${popularity}::int, ${c.id}::int)`);
    }
    return pageSql(
      sql`products p`,
      where,
      sql`(${t}::bigint * ${TIER}::bigint + p.popularity)`,
      sql`p.popularity DESC NULLS LAST, p.id DESC NULLS LAST`,
      limit,
      sql`page.sort_key DESC, page.id DESC`,
      log,
    );
  }
  const key = spec.key(search);
  const where =
    query.tokenSearch && query.tokenIds
      ? [sql`p.is_published`, sql`p.id = ANY(${`{${query.tokenIds.join(',')}}`}::int[])`]
      : filterConditions(query, plan, undefined, query.tokenIds);
  if (query.cursor) {
    const c = decodeCursor(query.cursor, sort);
    const value = spec.kind === 'time' ? sql`${c.key}::timestamptz` : sql`${c.key}::int`;
    where.push(
      spec.desc
        ? sql`(${key}, p.id) < (${value}, ${c.id}::int)`
        : sql`(${key}, p.id) > (${value}, ${c.id}::int)`,
    );
  }
  // DESC orders match the `... DESC NULLS LAST` indexes; PRICE_DESC reads the price index backwards.
  const order =
    sort === 'PRICE_DESC'
      ? sql`p.min_price DESC, p.id DESC`
      : spec.desc
        ? sql`${key} DESC NULLS LAST, p.id DESC NULLS LAST`
        : sql`${key} ASC, p.id ASC`;
  const keyOut =
    spec.kind === 'time'
      ? sql`to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : key;
  return pageSql(
    sql`products p`,
    where,
    keyOut,
    order,
    limit,
    sort === 'PRICE_ASC' ? sql`page.sort_key ASC, page.id ASC` : sql`page.sort_key DESC, page.id DESC`,
    log,
  );
}

/**
 * A tsquery's text with each lexeme restricted to weight A (title, brand): `'nike' & 'air'` →
 * `'nike':A & 'air':A`, as `regexp_replace(q::text, '''(?:[^'']|'''')*''', '\\&:A', 'g')` writes it.
 */
export const weightA = (tsquery: string): string => tsquery.replace(/'(?:[^']|'')*'/g, '$&:A');

/**
 * Whether a page statement of `query` is led by the token index's ids alone (`tokenIds`, no search):
 * its best plan, reading those rows by primary key, is the same whatever the values, so it may be
 * a prepared statement with the plan PostgreSQL keeps for it (decision 087).
 */
export const pageByIds = (query: ListingQuery, plan: SearchPlan | undefined, tier?: 1 | 2): boolean =>
  (query.tokenIds !== undefined && (!searchOf(query, plan) || query.tokenSearch === true)) ||
  // The title tier among the index's candidates (a few tens of ids), the search's words a value.
  (tier === 2 && query.searchIds !== undefined && plan?.mode === 'fulltext' && plan.tsquery !== undefined);

/**
 * Runs one listing page: one query, or for full-text relevance the title tier and, when it runs
 * out within the page, the other tier. `run` is the executor (the benchmark records the SQL);
 * `byIds` says the statement is led by ids alone (`pageByIds`).
 */
export async function listingRows<T extends Record<string, unknown>>(
  query: ListingQuery,
  plan: SearchPlan | undefined,
  run: (query: SQL, byIds: boolean) => Promise<T[]>,
  /**
   * The token index's change-log columns (decision 081), read by the first statement: `logged`
   * gets that statement's first row (its log columns), and the empty page's row is left out.
   */
  log?: { columns: SQL; logged: (row: T | undefined) => void },
): Promise<T[]> {
  const limit = query.limit + 1;
  const sort = resolveSort(query);
  let first = log;
  const page = async (tier: 1 | 2 | undefined, q: ListingQuery, n: number) => {
    const withLog = first;
    first = undefined;
    const rows = await run(listingSql(q, plan, tier, n, withLog?.columns), pageByIds(q, plan, tier));
    if (!withLog) return rows;
    withLog.logged(rows[0]);
    return rows[0]?.id == null ? [] : rows;
  };
  if (!(sort === 'RELEVANCE' && plan?.mode === 'fulltext')) return page(undefined, query, limit);
  const cursorTier = query.cursor ? Math.floor(Number(decodeCursor(query.cursor, sort).key) / TIER) : 2;
  let rows = cursorTier >= 2 ? await page(2, query, limit) : [];
  // The index's first products held less than a page of the title tier and others follow.
  if (rows.length < limit && cursorTier >= 2 && query.searchIds?.more)
    rows = await page(2, { ...query, searchIds: undefined }, limit);
  if (rows.length >= limit) return rows;
  return [...rows, ...(await page(1, query, limit - rows.length))];
}
