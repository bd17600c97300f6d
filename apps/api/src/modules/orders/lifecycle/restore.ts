// `restore`, «Нужен возврат»'s second action (docs/product.md §12.5): an order canceled while its payment went through
// is restored to `paid` by an owner when its stock can be taken again; otherwise it waits for a
// refund. The move `canceled → paid` exists only here (transition's `restore_paid` exception).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../plugins/errors.ts';
import { removeLines } from '../../cart/index.ts';
import { refreshListingColumns, reserveStock } from '../../catalog/index.ts';
import { notifyOrderStatus } from '../../notifications/index.ts';
import { orderLines, productIdsOf } from './lines.ts';
import { orderMoneyState } from './money.ts';
import { transition } from './transition.ts';

const notWaiting = () =>
  new AppError(
    409,
    'invalid_transition',
    'Заказ не ждёт возврата: восстановить можно только оплаченный после отмены',
  );

/**
 * `restore` (POST /admin/orders/{id}/restore, owner): takes the stock again, takes the lines out of
 * the cart, moves `canceled → paid` (bonuses spent again, rewards pending) and tells the shopper.
 * 409 `out_of_stock` when a line cannot be had, `invalid_transition` when the order is not waiting.
 */
export async function restore(
  tx: Database,
  orderId: number,
  meta: { actor: number; comment?: string | null },
): Promise<void> {
  const [order] = await tx
    .select({ status: orders.status, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw notFound('Заказ не найден');
  // Money arrived and none of it is being given back (a started refund settles it the other way).
  const money = await orderMoneyState(tx, orderId);
  if (order.status !== 'canceled' || money.paid <= 0 || money.committed > 0) throw notWaiting();
  const lines = await orderLines(tx, orderId);
  // 409 out_of_stock when any line cannot be had; the shopper paid, so a hidden product still counts.
  await reserveStock(tx, lines, { requirePublished: false });
  const moved = await transition(tx, orderId, 'canceled', 'paid', {
    actor: meta.actor,
    note: meta.comment || 'Восстановлен после оплаты',
    exception: 'restore_paid',
  });
  if (!moved) throw notWaiting();
  // The cancel gave the lines back to the cart; the order has them again.
  await removeLines(
    tx,
    order.userId,
    lines.map((l) => l.variantId),
  );
  await refreshListingColumns(tx, productIdsOf(lines));
  await notifyOrderStatus(tx, orderId, 'paid');
}
