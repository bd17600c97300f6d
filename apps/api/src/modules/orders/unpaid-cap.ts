// How much one shopper may hold unpaid (docs/product.md §16): an unpaid order reserves stock for
// the payment window, so without a cap one shopper could reserve a whole variant again and again.
// Called inside the order transaction: the shopper's user row is locked first, so two concurrent
// placements of one shopper are counted one after the other.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

/** The caps (RATE_LIMIT_UNPAID_ORDERS, RATE_LIMIT_UNPAID_UNITS; 5 orders and 200 units by default). */
export type UnpaidCap = { orders: number; units: number };

export async function checkUnpaidCap(tx: Database, userId: number, units: number, ttlMin: number, cap: UnpaidCap) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const since = new Date(Date.now() - ttlMin * 60_000).toISOString();
  const [held] = await tx
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment'), gt(orders.createdAt, sql`${since}::timestamptz`)),
    );
  if ((held?.orders ?? 0) >= cap.orders) {
    throw new AppError(
      409,
      'too_many_unpaid',
      `Оплатите или отмените неоплаченные заказы: их не может быть больше ${cap.orders}`,
    );
  }
  if ((held?.units ?? 0) + units > cap.units) {
    throw new AppError(
      409,
      'too_many_unpaid',
      `В неоплаченных заказах не может быть больше ${cap.units} штук товара: оплатите или отмените их`,
    );
  }
}
