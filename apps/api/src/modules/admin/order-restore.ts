// «Нужен возврат», second action (docs/product.md §12.5): an order canceled while its payment went through
// is restored to `paid` by an owner when its stock can be taken again; otherwise it waits for a
// refund. The move `canceled → paid` exists only here (transition()'s `restore_paid` exception).
import type { AdminRestoreBody } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { removeLines } from '../cart/cart.repository.ts';
import { refreshListingColumns } from '../catalog/listing-columns.ts';
import { reserveStock } from '../catalog/stock.ts';
import { notifyOrderStatus } from '../notifications/outbox.repository.ts';
import { transition } from '../orders/order-status.ts';
import { orderMoney } from '../refunds/refunds.repository.ts';
import { writeAudit } from '../staff/audit.repository.ts';
import type { StaffMember } from '../staff/staff.repository.ts';

const notWaiting = () =>
  new AppError(
    409,
    'invalid_transition',
    'Заказ не ждёт возврата: восстановить можно только оплаченный после отмены',
  );

/** POST /admin/orders/{id}/restore (owner): takes the stock again, moves to `paid`, tells the shopper. */
export async function restorePaidOrder(
  db: Database,
  orderId: number,
  body: AdminRestoreBody,
  staff: StaffMember,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');
    // Money arrived and none of it is being given back (a started refund settles it the other way).
    const money = await orderMoney(tx, orderId);
    if (order.status !== 'canceled' || money.paid <= 0 || money.committed > 0) throw notWaiting();
    const lines = await tx
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    // 409 out_of_stock when any line cannot be had; the shopper paid, so a hidden product still counts.
    await reserveStock(tx, lines, { requirePublished: false });
    const moved = await transition(tx, orderId, 'canceled', 'paid', {
      actor: staff.telegramId,
      note: body.comment || 'Восстановлен после оплаты',
      exception: 'restore_paid',
    });
    if (!moved) throw notWaiting();
    // The cancel gave the lines back to the cart; the order has them again.
    await removeLines(
      tx,
      order.userId,
      lines.map((l) => l.variantId),
    );
    await refreshListingColumns(tx, [...new Set(lines.map((l) => l.productId))]);
    await writeAudit(tx, {
      actorTelegramId: staff.telegramId,
      action: 'order.restore',
      entity: 'order',
      entityId: String(orderId),
      before: { status: 'canceled' },
      after: { status: 'paid', comment: body.comment ?? null },
    });
    await notifyOrderStatus(tx, orderId, 'paid');
  });
}
