// Listing facets: for each filter kind, the values reachable under the other kinds' filters.
import type { ProductFilters } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import {
  facetTokens,
  FILTER_KINDS,
  filterConditions,
  pgArray,
  sqlAnd,
  TOKEN_PREFIX,
  type FilterKind,
  type ListingFilters,
} from './listing.sql.ts';
import { planSearch, searchOf } from './search-plan.ts';
import type { KnownStamp } from './listing.repository.ts';
import { tokenIndexOf, type TokenIndex } from './token-index.ts';

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
function compareSizes(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return SIZE_ORDER.indexOf(a) - SIZE_ORDER.indexOf(b) || a.localeCompare(b);
}

/**
 * The precomputed selection (`catalog_facet_counts.sel`) equal to `filters` without `except`: ''
 * for no filter, a token for exactly one value of one kind; undefined when the selection is wider
 * (two kinds, several values of one kind, or a search), which is counted directly.
 */
export function precomputedSelection(filters: ListingFilters, except?: FilterKind): string | undefined {
  if (filters.search_string?.trim()) return undefined;
  const kinds = FILTER_KINDS.filter((k) => k !== except && (filters[k]?.length ?? 0) > 0);
  if (!kinds.length) return '';
  if (kinds.length > 1) return undefined;
  const values = [...new Set((filters[kinds[0]!] as (string | number)[]).map(String))];
  return values.length === 1 ? facetTokens(kinds[0]!, values)[0] : undefined;
}

type Facets = Omit<ProductFilters, 'total'> & { total: number | null };

/**
 * Facets: for each kind, the values reachable under the other kinds' filters, with counts.
 *
 * A facet's selection is the filters without its own kind, so the kinds that are not filtered,
 * and the total, share one selection: each distinct selection is read once, from the precomputed
 * counts when it is one of theirs (no filter, or one value of one kind), else by one pass over
 * the matching products that counts every token: in this instance's token index when it is
 * loaded (token-index.ts, docs/decisions/036; a search of plain words there too, any other
 * search's ids from the database), else in SQL. `precomputed: false` skips the table and `tokenIndex: false` the index (the
 * benchmark's and tests' comparisons).
 */
export async function productFilters(
  db: Database,
  filters: ListingFilters,
  {
    precomputed = true,
    tokenIndex = tokenIndexOf(db),
    known,
  }: { precomputed?: boolean; tokenIndex?: TokenIndex | false | undefined; known?: KnownStamp | undefined } = {},
): Promise<ProductFilters> {
  // The index is exactly as of a stamp the catalogue cache read a moment ago (decision 077): no
  // log read; the answer is as old as that read. Else it reads its log first.
  const exact = tokenIndex && known && tokenIndex.isExactAt(known.stamp);
  if (exact) known.asOf(known.at);
  const index = tokenIndex && (exact || (await tokenIndex.sync(db))) ? tokenIndex : undefined;
  // The index has just read its log: a plan it makes without a statement holds as of that read
  // (decision 089), and its stamp needs no confirming.
  const plan = await planSearch(db, filters, { tokenIndex: index ?? false, unconfirmed: index !== undefined });
  // A search's matching products, found once for every selection that needs them: in the index
  // for a full-text query of plain words, else their ids from the database.
  let searched: Promise<Uint32Array | number[]> | undefined;
  const searchOnce = () =>
    (searched ??= (async () => {
      const search = searchOf(filters, plan)!;
      if (search.mode === 'fulltext' && plan?.tsquery !== undefined) {
        const bits = index!.matchQuery(plan.tsquery);
        if (bits) return bits;
      }
      const [row] = await queryRows<{ ids: string | null }>(
        db,
        sql`SELECT string_agg(p.id::text, ',') AS ids FROM products p
            WHERE ${sqlAnd(filterConditions({ search_string: filters.search_string }, plan))}`,
      );
      return row?.ids ? row.ids.split(',').map(Number) : [];
    })());
  const filtered = FILTER_KINDS.filter((k) => (filters[k]?.length ?? 0) > 0);
  // Each facet kind under its selection (`except` = the kind when it is filtered), and the total.
  const groups = new Map<string, { except?: FilterKind; kinds: FilterKind[]; total: boolean }>();
  for (const kind of [...FILTER_KINDS, undefined]) {
    const except = kind && filtered.includes(kind) ? kind : undefined;
    const key = except ?? '';
    const group = groups.get(key) ?? { except, kinds: [], total: false };
    if (kind) group.kinds.push(kind);
    else group.total = true;
    groups.set(key, group);
  }
  const list = [...groups.values()];
  const sels = list.map((group) => (precomputed ? precomputedSelection(filters, group.except) : undefined));
  // Every selection the index counts, in one pass over the filtered kinds' bitsets.
  const counted = index ? list.filter((_, i) => sels[i] === undefined) : [];
  const found = counted.length
    ? index!.facetCountsOf(filters, counted, searchOf(filters, plan) ? await searchOnce() : undefined)
    : [];
  const statements = list.map((group, i) => {
    const sel = sels[i];
    let counts: SQL;
    if (sel !== undefined)
      counts = sql`SELECT facet, n FROM catalog_facet_counts WHERE sel = ${sel} AND n > 0`;
    else if (index) {
      const { tokens, counts: n } = found[counted.indexOf(group)]!;
      counts = sql`SELECT unnest(${pgArray(tokens)}::text[]) AS facet, unnest(${pgArray(n)}::int[]) AS n`;
    } else
      counts = sql`SELECT t AS facet, count(*)::int AS n
              FROM products p, unnest(array_append(p.facet_tokens, '')) t
              WHERE ${sqlAnd(filterConditions(filters, plan, group.except))} GROUP BY t`;
    return sql`(${facetsSql(counts, group.kinds, group.total)})`;
  });
  // One statement for every selection (each one more round trip and parse on both sides).
  const [row] = await queryRows<{ facets: string }>(
    db,
    sql`SELECT json_build_array(${sql.join(statements, sql`, `)})::text AS facets`,
  );
  const parsed = JSON.parse(row!.facets) as Facets[];
  const answers = list.map((group, i) => ({ group, facets: parsed[i]! }));
  const pick = <K extends keyof Facets>(key: K, kind?: FilterKind): Facets[K] =>
    answers.find((a) => (kind ? a.group.kinds.includes(kind) : a.group.total))!.facets[key];
  return {
    brands: pick('brands', 'brand_ids'),
    colors: pick('colors', 'colors'),
    sizes_eu: [...pick('sizes_eu', 'sizes_eu')].sort((a, b) => compareSizes(a.value, b.value)),
    categories: pick('categories', 'category_ids'),
    fit_people: pick('fit_people', 'category_fit_people'),
    total: pick('total') ?? 0,
  };
}

/** One JSON object of the asked facets from token counts (`facet`, `n`; '' is the total). */
function facetsSql(counts: SQL, kinds: FilterKind[], total: boolean): SQL {
  const of = (kind: FilterKind) => sql`f.facet LIKE ${TOKEN_PREFIX[kind] + '%'}`;
  const value = sql`substr(f.facet, 3)`;
  const parts: SQL[] = [];
  for (const kind of kinds) {
    if (kind === 'brand_ids')
      parts.push(sql`'brands', (SELECT coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'count', f.n)
        ORDER BY f.n DESC, b.name), '[]') FROM f JOIN brands b ON b.id::text = ${value} WHERE ${of(kind)})`);
    else if (kind === 'category_ids')
      parts.push(sql`'categories', (SELECT coalesce(json_agg(json_build_object('id', k.id, 'name', k.name, 'count', f.n)
        ORDER BY k.position, k.id), '[]') FROM f JOIN categories k ON k.id::text = ${value} WHERE ${of(kind)})`);
    else {
      const key = kind === 'colors' ? 'colors' : kind === 'sizes_eu' ? 'sizes_eu' : 'fit_people';
      parts.push(sql`${sql.raw(`'${key}'`)}, (SELECT coalesce(json_agg(json_build_object('value', ${value}, 'count', f.n)
        ORDER BY f.n DESC, ${value}), '[]') FROM f WHERE ${of(kind)})`);
    }
  }
  if (total) parts.push(sql`'total', (SELECT f.n FROM f WHERE f.facet = '')`);
  return sql`WITH f AS MATERIALIZED (${counts}) SELECT json_build_object(${sql.join(parts, sql`, `)}) AS facets`;
}
