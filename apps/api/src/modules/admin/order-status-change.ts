// Status changes made in the console (docs/product.md §12.3), through orders' `transition()`, with the
// tracking number, the audit entry and the shopper's message in the same transaction.
import type { AdminStatusBody, OrderStatus } from '@shop/contract';
import { canTransition, roleCan, transitionNeedsOwner } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, orderTracking } from '../../db/schema/index.ts';
import { transition } from '../orders/order-status.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { notifyOrderStatus } from '../notifications/outbox.repository.ts';
import { returnOrderStock } from '../refunds/stock-return.ts';
import { writeAudit } from '../staff/audit.repository.ts';
import type { StaffMember } from '../staff/staff.repository.ts';
import { forbidden } from '../staff/staff-guard.ts';

export const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  new AppError(409, 'invalid_transition', `Нельзя перевести заказ из «${from}» в «${to}»`, 'status');

/**
 * Moves an order from `from` to `to` through orders' `transition()` (the one writer of order
 * statuses); 409 `invalid_transition` when the map forbids it or the order is no longer in `from`.
 */
export async function setOrderStatus(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  meta: { actorTelegramId: number | null; comment?: string | null },
): Promise<void> {
  const moved = await transition(tx, orderId, from, to, {
    actor: meta.actorTelegramId,
    note: meta.comment || null,
  });
  if (!moved) throw invalidTransition(from, to);
}

/** POST /admin/orders/{id}/status: checks the role, moves, records, and notifies in one transaction. */
export async function changeOrderStatusByStaff(
  db: Database,
  orderId: number,
  body: AdminStatusBody,
  staff: StaffMember,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');
    const from = order.status;
    const to = body.status;
    // `refunded` comes only from a succeeded full refund.
    if (to === 'refunded' || !canTransition(from, to)) throw invalidTransition(from, to);
    if (transitionNeedsOwner(from, to) && !roleCan(staff.role, 'own')) {
      throw forbidden('Отметить оплату или отменить оплаченный заказ может только владелец');
    }
    await setOrderStatus(tx, orderId, from, to, {
      actorTelegramId: staff.telegramId,
      comment: body.comment ?? null,
    });
    // transition() gives an unpaid order's stock back; a paid one not yet bought out is ours too.
    if (to === 'canceled' && from === 'paid') {
      await returnOrderStock(tx, orderId);
    }
    const [tracking] = await tx.select().from(orderTracking).where(eq(orderTracking.orderId, orderId));
    if (body.tracking_number !== undefined) {
      await tx
        .insert(orderTracking)
        .values({ orderId, trackingNumber: body.tracking_number })
        .onConflictDoUpdate({
          target: orderTracking.orderId,
          set: { trackingNumber: body.tracking_number, updatedAt: sql`now()` },
        });
    }
    await writeAudit(tx, {
      actorTelegramId: staff.telegramId,
      action: 'order.status',
      entity: 'order',
      entityId: String(orderId),
      before: { status: from, tracking_number: tracking?.trackingNumber ?? null },
      after: {
        status: to,
        comment: body.comment ?? null,
        notify: body.notify,
        tracking_number: body.tracking_number ?? tracking?.trackingNumber ?? null,
      },
    });
    if (body.notify) {
      await notifyOrderStatus(tx, orderId, to, {
        trackingNumber: body.tracking_number ?? tracking?.trackingNumber ?? null,
      });
    }
  });
}
