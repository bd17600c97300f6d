// Listing facets: for each filter kind, the values reachable under the other kinds' filters.
import type { ProductFilters } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import {
  facetTokens,
  FILTER_KINDS,
  filterConditions,
  sqlAnd,
  TOKEN_PREFIX,
  type FilterKind,
  type ListingFilters,
} from './listing.sql.ts';
import { planSearch } from './search-plan.ts';

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
 * the matching products that counts every token. `precomputed: false` counts every selection over
 * the products (the benchmark's and tests' comparison).
 */
export async function productFilters(
  db: Database,
  filters: ListingFilters,
  { precomputed = true }: { precomputed?: boolean } = {},
): Promise<ProductFilters> {
  const plan = await planSearch(db, filters);
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
  const answers = await Promise.all(
    [...groups.values()].map(async (group) => {
      const sel = precomputed ? precomputedSelection(filters, group.except) : undefined;
      const counts =
        sel === undefined
          ? sql`SELECT t AS facet, count(*)::int AS n
                FROM products p, unnest(array_append(p.facet_tokens, '')) t
                WHERE ${sqlAnd(filterConditions(filters, plan, group.except))} GROUP BY t`
          : sql`SELECT facet, n FROM catalog_facet_counts WHERE sel = ${sel} AND n > 0`;
      const [row] = await queryRows<{ facets: Facets | string }>(
        db,
        facetsSql(counts, group.kinds, group.total),
      );
      const facets = typeof row!.facets === 'string' ? (JSON.parse(row!.facets) as Facets) : row!.facets;
      return { group, facets };
    }),
  );
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
