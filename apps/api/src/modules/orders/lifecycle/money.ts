// What an order's shopper paid and what went back (read from the payment and refund tables, which
// their own modules write): the lifecycle decides with it whether a refund was full.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { payments, refunds } from '../../../db/schema/index.ts';

export type OrderMoneyState = {
  /** Succeeded payments. */
  paid: number;
  /** Refunds pending or succeeded (money on its way back or back). */
  committed: number;
  /** Refunds succeeded. */
  refunded: number;
};

export async function orderMoneyState(db: Database, orderId: number): Promise<OrderMoneyState> {
  const [paid] = await db
    .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  const [back] = await db
    .select({
      committed: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} in ('pending', 'succeeded')), 0)::int`,
      succeeded: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'succeeded'), 0)::int`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return { paid: paid?.sum ?? 0, committed: back?.committed ?? 0, refunded: back?.succeeded ?? 0 };
}
