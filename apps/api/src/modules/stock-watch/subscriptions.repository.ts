// «Сообщить о поступлении» (docs/product.md §4.9): the only writer of `stock_subscriptions`
// besides the stock-events job that marks a subscription told.
import type { RestockSubscription } from '@shop/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, stockSubscriptions, variants } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';

const toAnswer = (row: { productId: number; variantId: number; createdAt: Date }): RestockSubscription => ({
  product_id: row.productId,
  variant_id: row.variantId,
  created_at: row.createdAt.toISOString(),
});

/**
 * Subscribes the shopper to a sold-out size, idempotently (a repeat answers the waiting row).
 * The variant is read `FOR SHARE`: a restock committing meanwhile waits for this row, so its
 * event finds the subscription, or this request sees the stock and is refused (409).
 */
export async function subscribe(
  db: Database,
  userId: number,
  productId: number,
  variantId: number,
): Promise<{ subscription: RestockSubscription; created: boolean }> {
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({
        qty: variants.qty,
        // A find import is unpublished (unlisted) yet on sale.
        onSale: sql<boolean>`(${products.isPublished} OR ${products.source} <> 'catalog')`,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
      .for('share', { of: variants });
    if (!variant || !variant.onSale) throw notFound('Товар не найден');
    if (variant.qty > 0) throw conflict('Этот размер есть в наличии — его можно купить сейчас');
    const inserted = await tx
      .insert(stockSubscriptions)
      .values({ userId, productId, variantId })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return { subscription: toAnswer(inserted[0]), created: true };
    const [waiting] = await tx
      .select()
      .from(stockSubscriptions)
      .where(
        and(
          eq(stockSubscriptions.userId, userId),
          eq(stockSubscriptions.variantId, variantId),
          isNull(stockSubscriptions.notifiedAt),
        ),
      );
    return { subscription: toAnswer(waiting!), created: false };
  });
}

/** The sizes of a product this shopper still waits for. */
export async function waitingVariantIds(db: Database, userId: number, productId: number): Promise<number[]> {
  const rows = await db
    .select({ variantId: stockSubscriptions.variantId })
    .from(stockSubscriptions)
    .where(
      and(
        eq(stockSubscriptions.userId, userId),
        eq(stockSubscriptions.productId, productId),
        isNull(stockSubscriptions.notifiedAt),
      ),
    )
    .orderBy(stockSubscriptions.variantId);
  return rows.map((r) => r.variantId);
}
