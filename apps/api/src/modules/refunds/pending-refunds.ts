// Refunds left `pending` by a provider call without an answer, settled by a sweep in every
// instance (docs/product.md §12.5).
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../payment/index.ts';
import { applyProviderRefund } from './refunds.repository.ts';

/**
 * Settles refunds left `pending` by a provider call whose outcome is unknown (a 5xx, a timeout,
 * a crash between our row and the provider's answer): the same Idempotence-Key is sent again, so
 * the provider makes at most one refund for it, and a refund it already knows is re-read. Without
 * this a failed call would keep its amount committed for good and block every later refund.
 * Safe on several instances: each sweep claims its rows first (below), the key makes the provider
 * call idempotent and `applyProviderRefund` moves a row out of `pending` once.
 */
export async function settlePendingRefunds(
  db: Database,
  provider: PaymentProvider,
  { olderThanMs = 60_000, batch = 20, now = new Date() } = {},
): Promise<{ settled: number; failed: number }> {
  // Claim: touching `updated_at` under `FOR UPDATE SKIP LOCKED` takes the rows out of every
  // other instance's next sweep for `olderThanMs`, so each pending refund is asked about by one
  // instance at a time (an instance that dies mid-call leaves it for a later sweep).
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'pending'),
          eq(refunds.provider, provider.name),
          lt(refunds.updatedAt, new Date(now.getTime() - olderThanMs)),
        ),
      )
      .orderBy(asc(refunds.updatedAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ updatedAt: sql`now()` })
      .where(
        inArray(
          refunds.id,
          due.map((r) => r.id),
        ),
      )
      .returning({ id: refunds.id });
  });
  if (claimed.length === 0) return { settled: 0, failed: 0 };
  const rows = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      inArray(
        refunds.id,
        claimed.map((r) => r.id),
      ),
    )
    .orderBy(asc(refunds.id));
  let settled = 0;
  let failed = 0;
  for (const { refund, providerPaymentId } of rows) {
    try {
      const remote = refund.providerRefundId
        ? await provider.getRefund(refund.providerRefundId)
        : await provider.refund({
            idempotenceKey: refund.idempotenceKey,
            providerPaymentId: providerPaymentId!,
            amount: refund.amount,
            description: `Возврат по заказу №${refund.orderId}`,
          });
      // Touch the row either way, so the next sweep takes the oldest others first.
      await db
        .update(refunds)
        .set({ providerRefundId: remote.id, updatedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      if ((await applyProviderRefund(db, refund, remote)) !== 'unchanged') settled++;
    } catch (err) {
      failed++;
      // A 4xx to a new refund is the provider's definite "no": no money moved, so the amount is
      // freed for another try. Anything else stays pending for the next sweep.
      const refused =
        !refund.providerRefundId &&
        err instanceof PaymentProviderError &&
        err.httpStatus !== undefined &&
        err.httpStatus >= 400 &&
        err.httpStatus < 500;
      await db
        .update(refunds)
        .set({ ...(refused ? { status: 'canceled' as const } : {}), updatedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    }
  }
  return { settled, failed };
}

/** Runs `settlePendingRefunds` every `everyMs` on an unref'd timer; returns a stop function. */
/** One pass of the `pending_refunds` job (background-jobs.ts). */
export async function settlePendingRefundsPass(
  db: Database,
  provider: PaymentProvider,
  log: { warn(obj: unknown, msg: string): void },
  olderThanMs = 60_000,
): Promise<void> {
  const r = await settlePendingRefunds(db, provider, { olderThanMs });
  if (r.failed > 0) log.warn(r, 'refunds: some pending refunds could not be settled yet');
}
