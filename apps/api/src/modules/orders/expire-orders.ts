// Unpaid orders lapse ORDER_TTL_MIN minutes after placing: canceled through `transition`, which
// gives their stock back. A timer sweeps them; several API instances may sweep at once.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { transition } from './order-status.ts';

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
      await transition(tx, due.id, 'awaiting_payment', 'canceled', { note: 'Не оплачен вовремя' });
      return due.id;
    });
    if (id === undefined) break;
    canceled.push(id);
  }
  return canceled;
}

/** Runs the sweeper every `everyMs` on an unref'd timer; returns a stop function. */
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
