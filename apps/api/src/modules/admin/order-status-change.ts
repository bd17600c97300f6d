// Status changes made in the console (docs/product.md §12.3): the role check, the tracking number and
// the audit entry here; the move itself and everything that follows it (stock, bonuses, rewards,
// the shopper's message) is the orders module's lifecycle action, in the same transaction.
import type { AdminRestoreBody, AdminStatusBody } from '@shop/contract';
import { canTransition, roleCan, transitionNeedsOwner } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, orderTracking } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import {
  advance,
  cancel,
  complete,
  invalidTransition,
  markPaid,
  restore,
  type MoveMeta,
} from '../orders/index.ts';
import { forbidden, writeAudit, type StaffMember } from '../staff/index.ts';

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
    const trackingNumber = body.tracking_number ?? tracking?.trackingNumber ?? null;
    const meta: MoveMeta = {
      actor: staff.telegramId,
      comment: body.comment ?? null,
      notify: body.notify,
      trackingNumber,
    };
    if (to === 'paid') {
      // An owner's «mark paid»: the same action as a payment, with who did it.
      if (
        (await markPaid(tx, orderId, {
          actor: staff.telegramId,
          note: body.comment ?? null,
          notify: body.notify,
        })) !== 'paid'
      ) {
        throw invalidTransition(from, to);
      }
    } else if (to === 'canceled') await cancel(tx, orderId, from, meta);
    else if (to === 'completed') await complete(tx, orderId, from, meta);
    else await advance(tx, orderId, from, to, meta);
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
        tracking_number: trackingNumber,
      },
    });
  });
}

/** POST /admin/orders/{id}/restore (owner): the lifecycle's `restore` and its audit entry. */
export async function restoreByStaff(
  db: Database,
  orderId: number,
  body: AdminRestoreBody,
  staff: StaffMember,
): Promise<void> {
  await db.transaction(async (tx) => {
    await restore(tx, orderId, { actor: staff.telegramId, comment: body.comment ?? null });
    await writeAudit(tx, {
      actorTelegramId: staff.telegramId,
      action: 'order.restore',
      entity: 'order',
      entityId: String(orderId),
      before: { status: 'canceled' },
      after: { status: 'paid', comment: body.comment ?? null },
    });
  });
}
