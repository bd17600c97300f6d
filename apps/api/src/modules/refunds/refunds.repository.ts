// Refunds (docs/product.md §12.5): the only writer of `refunds`. The row is written before the provider is
// called and its key is the provider's Idempotence-Key; a provider's answer (at once, by webhook
// or by poll) is applied once by a conditional UPDATE out of `pending`. Refunds never exceed what
// was paid; what a succeeded refund does to the order is the orders lifecycle's `refund` action.
import type { AdminRefund } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, payments, refunds, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../plugins/errors.ts';
import { orderMoneyState, refund as refundAction } from '../orders/index.ts';
import type { PaymentProvider, ProviderRefund } from '../payment/index.ts';
import { writeAudit } from '../staff/index.ts';

type RefundRow = typeof refunds.$inferSelect;

/** Money taken and money returned or on its way back, per order (the lifecycle's own reading). */
export const orderMoney = orderMoneyState;

export async function listOrderRefunds(db: Database, orderId: number): Promise<AdminRefund[]> {
  const rows = await db
    .select({ refund: refunds, firstName: users.firstName, lastName: users.lastName })
    .from(refunds)
    .leftJoin(users, eq(users.telegramId, refunds.actorTelegramId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.id));
  return rows.map(({ refund, firstName, lastName }) => toAdminRefund(refund, firstName, lastName));
}

function toAdminRefund(
  r: RefundRow,
  firstName: string | null = null,
  lastName: string | null = null,
): AdminRefund {
  return {
    id: r.id,
    order_id: r.orderId,
    payment_id: r.paymentId,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    provider_refund_id: r.providerRefundId,
    actor:
      r.actorTelegramId === null
        ? null
        : {
            telegram_id: r.actorTelegramId,
            name: firstName ? [firstName, lastName].filter(Boolean).join(' ') : null,
          },
    created_at: r.createdAt.toISOString(),
  };
}

/** Applies a provider's refund status to our row, exactly once. */
export async function applyProviderRefund(db: Database, refund: RefundRow, remote: ProviderRefund) {
  if (remote.status === 'pending') return 'unchanged' as const;
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(refunds)
      .set({ status: remote.status, providerRefundId: remote.id, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (moved.length === 0) return 'already_applied' as const;
    if (remote.status === 'canceled') return 'canceled' as const;
    // The order, its stock, the programmes and the shopper's one message: the lifecycle's `refund`.
    await refundAction(tx, refund);
    return 'succeeded' as const;
  });
}

/**
 * An owner's refund: full when no amount is given. Answers the refund as it stands after the
 * provider's first answer (a provider that is down leaves it pending, to be settled by webhook).
 */
export async function createRefund(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
  { amount, reason }: { amount?: number | undefined; reason: string },
  actorTelegramId: number,
  log: { warn(obj: unknown, msg: string): void },
): Promise<AdminRefund> {
  const refund = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!payment?.providerPaymentId) throw conflict('Заказ не оплачен: возвращать нечего');
    if (payment.provider !== provider.name) {
      throw conflict(`Платёж принят через ${payment.provider}, а сервер работает с ${provider.name}`);
    }
    const money = await orderMoney(tx, orderId);
    const remaining = Math.min(money.paid - money.committed, payment.amount);
    const value = amount ?? remaining;
    if (remaining <= 0) throw conflict('Деньги по заказу уже возвращены');
    if (value > remaining) {
      throw new AppError(409, 'conflict', `Вернуть можно не больше ${remaining} ₽`, 'amount');
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId,
        paymentId: payment.id,
        idempotenceKey: randomUUID(),
        provider: provider.name,
        amount: value,
        reason,
        actorTelegramId,
      })
      .returning();
    await writeAudit(tx, {
      actorTelegramId,
      action: 'order.refund',
      entity: 'order',
      entityId: String(orderId),
      before: { status: order.status, refunded: money.committed },
      after: { refund_id: row!.id, amount: value, reason },
    });
    return { row: row!, providerPaymentId: payment.providerPaymentId };
  });
  try {
    const remote = await provider.refund({
      idempotenceKey: refund.row.idempotenceKey,
      providerPaymentId: refund.providerPaymentId,
      amount: refund.row.amount,
      description: `Возврат по заказу №${orderId}`,
    });
    await db
      .update(refunds)
      .set({ providerRefundId: remote.id, updatedAt: sql`now()` })
      .where(eq(refunds.id, refund.row.id));
    await applyProviderRefund(db, refund.row, remote);
  } catch (err) {
    // The row stays pending with its key: the pending-refund sweep sends it again with the same
    // key (pending-refunds.ts), or the webhook settles it; never twice.
    log.warn({ err, refund: refund.row.id }, 'refund: provider call failed');
    throw new AppError(502, 'bad_gateway', 'Платёжная система не приняла возврат, попробуйте позже');
  }
  const [current] = await db
    .select({ refund: refunds, firstName: users.firstName, lastName: users.lastName })
    .from(refunds)
    .leftJoin(users, eq(users.telegramId, refunds.actorTelegramId))
    .where(eq(refunds.id, refund.row.id));
  return toAdminRefund(current!.refund, current!.firstName, current!.lastName);
}

/** A refund webhook names a refund; its status is re-read from the provider. */
export async function syncProviderRefund(db: Database, provider: PaymentProvider, providerRefundId: string) {
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider.name), eq(refunds.providerRefundId, providerRefundId)));
  if (!refund) return 'unknown_refund' as const;
  if (refund.status !== 'pending') return 'already_applied' as const;
  return applyProviderRefund(db, refund, await provider.getRefund(providerRefundId));
}

/** Orders canceled while a payment for them succeeded and not yet fully refunded («Нужен возврат»). */
export const needsRefundSql = (orderIdColumn: typeof orders.id, statusColumn: typeof orders.status) => sql`(
  ${statusColumn} = 'canceled'
  and exists (select 1 from payments p where p.order_id = ${orderIdColumn} and p.status = 'succeeded')
  and (select coalesce(sum(p.amount), 0) from payments p where p.order_id = ${orderIdColumn} and p.status = 'succeeded')
    > (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = ${orderIdColumn} and r.status = 'succeeded')
)`;
