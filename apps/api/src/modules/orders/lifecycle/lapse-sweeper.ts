// Unpaid orders lapse ORDER_TTL_MIN minutes after placing, through the `lapse` action (stock and
// cart back, bonuses released, the shopper told). A timer sweeps them; several API instances may
// sweep at once.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { lapse } from './lapse.ts';

/**
 * Cancels up to `batch` orders unpaid for `ttlMin` minutes, one transaction per order (each locks
 * only its own variants, in id order, as placing does). An order another instance holds is
 * skipped (`FOR UPDATE SKIP LOCKED`). Returns the ids of the orders it canceled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date,
  { ttlMin = 30, batch = 100 }: { ttlMin?: number; batch?: number } = {},
): Promise<number[]> {
  const cutoff = new Date(now.getTime() - ttlMin * 60_000);
  const canceled: number[] = [];
  while (canceled.length < batch) {
    const id = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.createdAt} < ${cutoff.toISOString()}`))
        .orderBy(orders.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      await lapse(tx, due.id);
      return due.id;
    });
    if (id === undefined) break;
    canceled.push(id);
  }
  return canceled;
}

/** One pass of the `unpaid_orders` job (background-jobs.ts): batches of 100 until the backlog is gone. */
export async function lapseUnpaidOrders(
  db: Database,
  ttlMin: number,
  log: { info(obj: unknown, msg: string): void },
): Promise<void> {
  for (;;) {
    const ids = await expireUnpaidOrders(db, new Date(), { ttlMin, batch: 100 });
    if (ids.length > 0) log.info({ orders: ids }, 'unpaid orders canceled, stock released');
    if (ids.length < 100) return;
  }
}
