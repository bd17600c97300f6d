// Listing facets: for each filter kind, the values reachable under the other kinds' filters.
import type { ProductFilters } from '@shop/contract';
import { sql } from 'drizzle-orm';
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

/**
 * Facets: for each kind, the values reachable under the other kinds' filters, with counts.
 * `precomputed: false` counts every facet over the products (the tests' reference).
 */
export async function productFilters(
  db: Database,
  filters: ListingFilters,
  { precomputed = true }: { precomputed?: boolean } = {},
): Promise<ProductFilters> {
  const plan = await planSearch(db, filters);
  const w = (except?: FilterKind) => sqlAnd(filterConditions(filters, plan, except));
  // Each facet is read from the precomputed counts when the other kinds' selection is one of
  // theirs (no filter, or one value of one kind), else counted over the matching products. Both
  // give the same rows in the same order (tests compare them after every catalogue write).
  const pre = (except?: FilterKind) => (precomputed ? precomputedSelection(filters, except) : undefined);
  const counts = (sel: string, prefix: string) =>
    sql`SELECT substr(f.facet, 3) AS value, f.n FROM catalog_facet_counts f
        WHERE f.sel = ${sel} AND f.facet LIKE ${prefix + '%'} AND f.n > 0`;
  const brandSel = pre('brand_ids');
  const colorSel = pre('colors');
  const sizeSel = pre('sizes_eu');
  const categorySel = pre('category_ids');
  const fitSel = pre('category_fit_people');
  const totalSel = pre();
  // Independent aggregations: on a server pool they run side by side.
  const [brandRows, colorRows, sizeRows, categoryRows, fitRows, totalRows] = await Promise.all([
    queryRows<{ id: number; name: string; count: number }>(
      db,
      brandSel === undefined
        ? sql`SELECT b.id, b.name, count(*)::int AS count FROM products p JOIN brands b ON b.id = p.brand_id
            WHERE ${w('brand_ids')} GROUP BY b.id, b.name ORDER BY count DESC, b.name`
        : sql`SELECT b.id, b.name, f.n AS count FROM (${counts(brandSel, TOKEN_PREFIX.brand_ids)}) f
            JOIN brands b ON b.id::text = f.value ORDER BY count DESC, b.name`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      colorSel === undefined
        ? sql`SELECT c AS value, count(*)::int AS count FROM products p, unnest(p.colors) c
            WHERE ${w('colors')} GROUP BY c ORDER BY count DESC, c`
        : sql`SELECT f.value, f.n AS count FROM (${counts(colorSel, TOKEN_PREFIX.colors)}) f ORDER BY count DESC, f.value`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      sizeSel === undefined
        ? sql`SELECT s AS value, count(*)::int AS count FROM products p, unnest(p.sizes_eu) s
            WHERE ${w('sizes_eu')} GROUP BY s`
        : sql`SELECT f.value, f.n AS count FROM (${counts(sizeSel, TOKEN_PREFIX.sizes_eu)}) f`,
    ),
    queryRows<{ id: number; name: string; count: number }>(
      db,
      categorySel === undefined
        ? sql`SELECT k.id, k.name, count(*)::int AS count FROM products p, unnest(p.category_ids) c JOIN categories k ON k.id = c
            WHERE ${w('category_ids')} GROUP BY k.id, k.name, k.position ORDER BY k.position, k.id`
        : sql`SELECT k.id, k.name, f.n AS count FROM (${counts(categorySel, TOKEN_PREFIX.category_ids)}) f
            JOIN categories k ON k.id::text = f.value ORDER BY k.position, k.id`,
    ),
    queryRows<{ value: ProductFilters['fit_people'][number]['value']; count: number }>(
      db,
      fitSel === undefined
        ? sql`SELECT p.fit_people AS value, count(*)::int AS count FROM products p
            WHERE ${w('category_fit_people')} GROUP BY p.fit_people ORDER BY count DESC, value`
        : sql`SELECT f.value, f.n AS count FROM (${counts(fitSel, TOKEN_PREFIX.category_fit_people)}) f
            ORDER BY count DESC, f.value`,
    ),
    queryRows<{ n: number }>(
      db,
      totalSel === undefined
        ? sql`SELECT count(*)::int AS n FROM products p WHERE ${w()}`
        : sql`SELECT coalesce((SELECT n FROM catalog_facet_counts WHERE sel = ${totalSel} AND facet = ''), 0) AS n`,
    ),
  ]);
  return {
    brands: brandRows,
    colors: colorRows,
    sizes_eu: sizeRows.sort((a, b) => compareSizes(a.value, b.value)),
    categories: categoryRows,
    fit_people: fitRows,
    total: totalRows[0]?.n ?? 0,
  };
}
