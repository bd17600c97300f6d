// The listing's denormalised columns (`min_price`, `price`, `in_stock`) follow the variants: every
// writer of variant prices or stock (the importer, stock reservation and release) calls this, and
// so it is also where the catalogue cache learns that prices or stock changed.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogChanged } from './catalog-cache.ts';

/**
 * Recomputes `min_price`, `price` and `in_stock` of the given products from their variants; rows
 * that already agree are left alone, so repeating it changes nothing.
 */
export async function refreshListingColumns(db: Database, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  await db.execute(sql`
    UPDATE products p
    SET min_price = v.min_price, price = v.price, in_stock = v.in_stock, updated_at = now()
    FROM (
      SELECT product_id, min(price) AS min_price,
             coalesce(min(price) FILTER (WHERE qty > 0), min(price)) AS price, bool_or(qty > 0) AS in_stock
      FROM variants WHERE product_id = ANY(${`{${productIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])
      GROUP BY product_id
    ) v
    WHERE p.id = v.product_id AND (p.min_price, p.price, p.in_stock) IS DISTINCT FROM (v.min_price, v.price, v.in_stock)`);
  // Variant stock changed even when these columns did not (a card shows each size's stock).
  catalogChanged();
}
