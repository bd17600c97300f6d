// Listing facets: for each filter kind, the values reachable under the other kinds' filters.
import type { ProductFilters } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { filterConditions, sqlAnd, type FilterKind, type ListingFilters } from './listing.sql.ts';
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

/** Facets: for each kind, the values reachable under the other kinds' filters, with counts. */
export async function productFilters(db: Database, filters: ListingFilters): Promise<ProductFilters> {
  const plan = await planSearch(db, filters);
  const w = (except?: FilterKind) => sqlAnd(filterConditions(filters, plan, except));
  // Independent aggregations: on a server pool they run side by side.
  const [brandRows, colorRows, sizeRows, categoryRows, fitRows, totalRows] = await Promise.all([
    queryRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT b.id, b.name, count(*)::int AS count FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE ${w('brand_ids')} GROUP BY b.id, b.name ORDER BY count DESC, b.name`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      sql`SELECT c AS value, count(*)::int AS count FROM products p, unnest(p.colors) c
        WHERE ${w('colors')} GROUP BY c ORDER BY count DESC, c`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      sql`SELECT s AS value, count(*)::int AS count FROM products p, unnest(p.sizes_eu) s
        WHERE ${w('sizes_eu')} GROUP BY s`,
    ),
    queryRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT k.id, k.name, count(*)::int AS count FROM products p, unnest(p.category_ids) c JOIN categories k ON k.id = c
        WHERE ${w('category_ids')} GROUP BY k.id, k.name, k.position ORDER BY k.position, k.id`,
    ),
    queryRows<{ value: ProductFilters['fit_people'][number]['value']; count: number }>(
      db,
      sql`SELECT p.fit_people AS value, count(*)::int AS count FROM products p
        WHERE ${w('category_fit_people')} GROUP BY p.fit_people ORDER BY count DESC`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${w()}`),
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
