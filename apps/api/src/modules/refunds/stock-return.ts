// Puts a paid order's units back on sale (a refund or cancel before the goods were bought out),
// through the catalogue's own stock writer.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems } from '../../db/schema/index.ts';
import { refreshListingColumns } from '../catalog/listing-columns.ts';
import { releaseStock } from '../catalog/stock.ts';

export async function returnOrderStock(tx: Database, orderId: number): Promise<void> {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  if (lines.length === 0) return;
  await releaseStock(tx, lines);
  await refreshListingColumns(tx, [...new Set(lines.map((l) => l.productId))]);
}
