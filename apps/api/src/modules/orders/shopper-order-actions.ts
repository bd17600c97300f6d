// What a shopper may do with a placed order (issue 27): cancel it while unpaid, and repeat it into
// the cart. Canceling is the same code path as an unpaid order lapsing (expire-orders.ts): one
// transition to `canceled`, which gives the stock back and the lines back to the cart, in one
// transaction. `cancelUnpaidOrder` goes through the lifecycle's `cancel`.
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products, variants } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { restoreLines } from '../cart/index.ts';
import { ORDER_NOT_FOUND } from './orders.repository.ts';
import { cancel } from './lifecycle/index.ts';

/**
 * Cancels the shopper's own unpaid order: stock returns, lines go back to the cart. Canceling a
 * canceled order again is a no-op (a repeated tap); a paid one is 409 (staff cancel and refund).
 */
export async function cancelUnpaidOrder(db: Database, userId: number, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'canceled') return;
    if (order.status !== 'awaiting_payment') {
      throw new AppError(
        409,
        'invalid_transition',
        'Оплаченный заказ отменяет магазин: напишите нам в «Задать вопрос по заказу»',
      );
    }
    // The lifecycle's cancel: stock and cart lines back, the bonus hold released; no bot message,
    // the shopper did it themselves.
    await cancel(tx, orderId, 'awaiting_payment', { actor: null, comment: 'Отменён покупателем', notify: false });
  });
}

/**
 * Puts the order's lines back in the cart at today's prices (the cart keeps variants, never
 * prices): each line still on sale, at most what is in stock, added to what the cart holds (as
 * a lapsed order's lines return). Answers how many lines went in and how many are no longer available.
 */
export async function repeatOrder(
  db: Database,
  userId: number,
  orderId: number,
): Promise<{ added: number; unavailable: number }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const lines = await tx
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const onSale = lines.length
      ? await tx
          .select({ id: variants.id, qty: variants.qty })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(
            and(
              inArray(
                variants.id,
                lines.map((l) => l.variantId),
              ),
              gt(variants.qty, 0),
              eq(products.isPublished, true),
            ),
          )
      : [];
    const stock = new Map(onSale.map((v) => [v.id, v.qty]));
    const available = lines
      .filter((l) => stock.has(l.variantId))
      .map((l) => ({ ...l, quantity: Math.min(l.quantity, stock.get(l.variantId)!) }));
    await restoreLines(tx, userId, available);
    return { added: available.length, unavailable: lines.length - available.length };
  });
}
