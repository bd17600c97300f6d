// Reading orders: one, or a page of them (all or active), with their lines. Every change is a
// lifecycle action (lifecycle/index.ts). Money is integer roubles.
import { INACTIVE_ORDER_STATUSES, type Order } from '@shop/contract';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/index.ts';
import { toOrderDelivery, toOrderQuote } from '../delivery/index.ts';

export const ORDER_NOT_FOUND = 'Заказ не найден';

type OrderRow = typeof orders.$inferSelect;

/** When an unpaid order lapses: `ttlMin` after it was placed; null once it left awaiting_payment. */
function expiresAt(row: OrderRow, ttlMin: number): string | null {
  if (row.status !== 'awaiting_payment') return null;
  return new Date(row.createdAt.getTime() + ttlMin * 60_000).toISOString();
}

async function withItems(db: Database, rows: OrderRow[], ttlMin: number): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.id);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    total: r.total,
    discount: r.discount,
    bonus_used: r.bonusUsed,
    to_pay: r.toPay,
    items: items
      .filter((i) => i.orderId === r.id)
      .map((i) => ({
        product_id: i.productId,
        variant_id: i.variantId,
        title: i.title,
        variant_title: i.variantTitle,
        size: i.size,
        size_eu: i.sizeEu,
        color: i.color,
        image: i.image,
        price: i.price,
        quantity: i.quantity,
      })),
    delivery: toOrderDelivery(r.delivery),
    delivery_quote: toOrderQuote(r.deliveryQuote),
    created_at: r.createdAt.toISOString(),
    expires_at: expiresAt(r, ttlMin),
  }));
}

export async function findOrder(
  db: Database,
  userId: number,
  id: number,
  ttlMin: number,
): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return (await withItems(db, rows, ttlMin))[0];
}

export async function listOrders(
  db: Database,
  userId: number,
  { page, size, activeOnly, ttlMin }: { page: number; size: number; activeOnly: boolean; ttlMin: number },
) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        activeOnly ? notInArray(orders.status, [...INACTIVE_ORDER_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(size + 1)
    .offset(page * size);
  return { orders: await withItems(db, rows.slice(0, size), ttlMin), page, more: rows.length > size };
}

/** Each status an order entered, with its date, oldest first (the shopper's order page). */
export async function orderTimeline(db: Database, orderId: number) {
  const rows = await db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map((r) => ({ status: r.status, at: r.at.toISOString() }));
}
