// Status changes made in the console (DESIGN §7.3). `setOrderStatus` is this branch's one call
// that moves an order's status; it is meant to be repointed at orders' `transition()` (the only
// writer of `orders.status` and `order_status_history`) once that lands.
import type { AdminStatusBody, OrderStatus } from '@shop/contract';
import { canTransition, roleCan, transitionNeedsOwner } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, orderStatusHistory, orderTracking } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { notifyOrderStatus } from '../notifications/outbox.repository.ts';
import { returnOrderStock } from '../refunds/stock-return.ts';
import { writeAudit } from '../staff/audit.repository.ts';
import type { StaffMember } from '../staff/staff.repository.ts';
import { forbidden } from '../staff/staff-guard.ts';

export const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  new AppError(409, 'invalid_transition', `Нельзя перевести заказ из «${from}» в «${to}»`, 'status');

/** Moves an order from `from` to `to` (conditional on `from`); the caller holds the row lock. */
export async function setOrderStatus(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  _meta: { actorTelegramId: number | null; comment?: string | null },
): Promise<void> {
  if (!canTransition(from, to)) throw invalidTransition(from, to);
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'paid' ? { paidAt: sql`now()` } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw invalidTransition(from, to);
  await tx.insert(orderStatusHistory).values({ orderId, status: to });
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
    // Stock still reserved (unpaid, or paid but not yet bought out) goes back on cancel.
    if (to === 'canceled' && (from === 'awaiting_payment' || from === 'paid')) {
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
