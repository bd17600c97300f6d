// Puts an order's units back into stock (a refund of an order whose goods were never bought out).
// Same lock order as placing an order: variants by id.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, variants } from '../../db/schema/index.ts';
import { refreshListingColumns } from '../catalog/catalog-import.repository.ts';

export async function returnOrderStock(tx: Database, orderId: number): Promise<void> {
  const returned = await tx
    .select({
      variantId: orderItems.variantId,
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.variantId, orderItems.productId)
    .orderBy(orderItems.variantId);
  if (returned.length === 0) return;
  await tx
    .select({ id: variants.id })
    .from(variants)
    .where(
      inArray(
        variants.id,
        returned.map((r) => r.variantId),
      ),
    )
    .orderBy(variants.id)
    .for('update');
  for (const r of returned) {
    await tx
      .update(variants)
      .set({ qty: sql`${variants.qty} + ${r.quantity}` })
      .where(eq(variants.id, r.variantId));
  }
  await refreshListingColumns(tx, [...new Set(returned.map((r) => r.productId))]);
}
