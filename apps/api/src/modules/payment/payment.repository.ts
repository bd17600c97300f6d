// Payments of orders. A provider's answer changes an order at most once: the payment row moves
// out of `pending` with a conditional UPDATE, and only the transaction that moved it may mark the
// order paid (itself conditional on `awaiting_payment`).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { markPaid, ORDER_NOT_FOUND } from '../orders/index.ts';
import type { PaymentProvider, ProviderPayment } from './payment-provider.ts';

type PaymentRow = typeof payments.$inferSelect;

export type ApplyOutcome =
  /** The provider still says pending (or its amount does not match): nothing changed. */
  | 'unchanged'
  /** Someone else already applied this payment's final status. */
  | 'already_applied'
  | 'paid'
  | 'canceled'
  /** Money arrived for an order that is no longer awaiting payment: needs a refund by hand. */
  | 'paid_too_late';

const ORDER_STATE_MESSAGES: Partial<Record<string, string>> = {
  canceled: 'Заказ отменён: время на оплату истекло',
};

export async function findPaymentByGuid(db: Database, guid: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.transactionGuid, guid));
  return row;
}

/**
 * The payment link of an awaiting order: reuses its open payment or opens one. The guid is
 * stored before the provider is called and doubles as the provider's idempotence key, so a
 * retry or a concurrent call ends at the same provider payment.
 */
export async function getPaymentUrl(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  orderId: number,
  returnUrl: (guid: string) => string,
): Promise<{ url: string; transaction_guid: string }> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, toPay: orders.toPay })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.status !== 'awaiting_payment') {
    throw conflict(ORDER_STATE_MESSAGES[order.status] ?? 'Заказ уже оплачен');
  }
  const openPayment = async () =>
    (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    )[0];

  let payment = await openPayment();
  if (payment && payment.provider !== provider.name) {
    // Opened with a provider this server no longer uses: close it and open a new one.
    await db
      .update(payments)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    payment = await openPayment();
  }
  if (!payment) {
    [payment] = await db
      .insert(payments)
      .values({
        orderId,
        transactionGuid: randomUUID(),
        provider: provider.name,
        // What is left after the promo discount and bonuses (docs/product.md §13.3).
        amount: order.toPay,
      })
      .onConflictDoNothing()
      .returning();
    payment ??= await openPayment();
    if (!payment) throw conflict('Оплата заказа уже завершена, обновите страницу');
  }
  if (payment.confirmationUrl) {
    return { url: payment.confirmationUrl, transaction_guid: payment.transactionGuid };
  }
  const created = await provider.createPayment({
    idempotenceKey: payment.transactionGuid,
    amount: payment.amount,
    description: `Заказ №${orderId}`,
    returnUrl: returnUrl(payment.transactionGuid),
    metadata: { order_id: String(orderId), transaction_guid: payment.transactionGuid },
  });
  if (!created.confirmationUrl) throw conflict('Платёжная система не вернула ссылку на оплату');
  await db
    .update(payments)
    .set({ providerPaymentId: created.id, confirmationUrl: created.confirmationUrl, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return { url: created.confirmationUrl, transaction_guid: payment.transactionGuid };
}

/** Applies what the provider reported for one of our payments, exactly once. */
export async function applyProviderPayment(
  db: Database,
  payment: PaymentRow,
  remote: ProviderPayment,
): Promise<ApplyOutcome> {
  if (remote.status === 'pending') return 'unchanged';
  if (remote.status === 'succeeded' && remote.amount !== payment.amount) return 'unchanged';
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(payments)
      .set({ status: remote.status, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ orderId: payments.orderId });
    if (moved.length === 0) return 'already_applied';
    if (remote.status === 'canceled') return 'canceled';
    // The lifecycle's `markPaid`; money for an order that lapsed meanwhile becomes «Нужен возврат»,
    // and the staff hear of it in the same transaction.
    return markPaid(tx, payment.orderId, { payment: { id: payment.id, amount: payment.amount } });
  });
}

export function warnPaidTooLate(log: { warn(obj: object, msg: string): void }, orderId: number) {
  log.warn({ orderId }, 'payment succeeded for an order no longer awaiting payment: refund needed');
}

/** Re-reads a provider payment and applies it; `undefined` when it is not one of ours. */
export async function syncProviderPayment(
  db: Database,
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<{ payment: PaymentRow; outcome: ApplyOutcome } | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
  if (!payment) return undefined;
  if (payment.status !== 'pending') return { payment, outcome: 'already_applied' };
  const remote = await provider.getStatus(providerPaymentId);
  return { payment, outcome: await applyProviderPayment(db, payment, remote) };
}

/** The status poll of payment-await: the shopper's own payment, refreshed from the provider. */
export async function paymentStatusForUser(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  guid: string,
  log: { warn(obj: object, msg: string): void },
) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.transactionGuid, guid), eq(orders.userId, userId)));
  if (!row) throw notFound('Платёж не найден');
  let { payment } = row;
  if (payment.status === 'pending' && payment.providerPaymentId && payment.provider === provider.name) {
    try {
      const synced = await syncProviderPayment(db, provider, payment.providerPaymentId);
      if (synced?.outcome === 'paid_too_late') warnPaidTooLate(log, payment.orderId);
      payment = (await findPaymentByGuid(db, guid)) ?? payment;
    } catch (err) {
      // The provider being down is no reason to fail the poll: the shopper sees "pending".
      log.warn({ err }, 'payment status poll: provider unavailable');
    }
  }
  return { status: payment.status, order_id: payment.orderId };
}
