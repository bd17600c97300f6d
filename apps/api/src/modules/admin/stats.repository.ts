// The console's dashboard (docs/product.md §12.6): sales of a range of days in the shop's time zone,
// answered from indexed range scans (orders_paid_at_idx, orders_created_at_idx,
// refunds_succeeded_created_idx, orders_status_idx): the benchmark is apps/api/bench/console-stats.ts.
import {
  ACTIVE_PAYOUT_STATUSES,
  type AdminStats,
  type AdminStatsQuery,
  type AdminStatsTop,
  type StatsDay,
  type StatsTop,
  type StatsWaiting,
} from '@shop/contract';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bloggerPayouts,
  categories,
  findRequests,
  orderItems,
  orders,
  payments,
  productCategories,
  refunds,
} from '../../db/schema/index.ts';

const TOP = 5;

/** Every day from `from` to `to` inclusive (plain calendar days). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The start of a calendar day in the shop's zone, as a timestamptz. */
export const dayStart = (day: string, timeZone: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`;
/** The start of the day after. */
export const dayEnd = (day: string, timeZone: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

const localDay = (column: SQL | typeof orders.paidAt, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

export async function getStats(db: Database, query: AdminStatsQuery, timeZone: string): Promise<AdminStats> {
  const start = dayStart(query.from, timeZone);
  const end = dayEnd(query.to, timeZone);
  const paidInRange = and(gte(orders.paidAt, start), lt(orders.paidAt, end));

  const paidDay = localDay(sql`${orders.paidAt}`, timeZone);
  const paidRows = await db
    .select({
      day: paidDay,
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.toPay}), 0)::int`,
    })
    .from(orders)
    .where(paidInRange)
    .groupBy(sql`1`); // the day: its time zone is a parameter, so by position

  const placedDay = localDay(sql`${orders.createdAt}`, timeZone);
  const placedRows = await db
    .select({
      day: placedDay,
      placed: sql<number>`count(*)::int`,
      placedPaid: sql<number>`(count(*) filter (where ${orders.paidAt} is not null))::int`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .groupBy(sql`1`);

  const [refunded] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, start), lt(refunds.createdAt, end)));

  const byDay = new Map<string, StatsDay>(
    daysOf(query.from, query.to).map((day) => [day, { day, revenue: 0, orders: 0, placed: 0 }]),
  );
  let revenue = 0;
  let paidOrders = 0;
  for (const r of paidRows) {
    const d = byDay.get(r.day);
    if (d) Object.assign(d, { revenue: Number(r.revenue), orders: Number(r.orders) });
    revenue += Number(r.revenue);
    paidOrders += Number(r.orders);
  }
  let placed = 0;
  let placedPaid = 0;
  for (const r of placedRows) {
    const d = byDay.get(r.day);
    if (d) d.placed = Number(r.placed);
    placed += Number(r.placed);
    placedPaid += Number(r.placedPaid);
  }

  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    revenue,
    orders: paidOrders,
    placed,
    conversion: placed === 0 ? 0 : Math.round((placedPaid / placed) * 10_000) / 10_000,
    average: paidOrders === 0 ? 0 : Math.round(revenue / paidOrders),
    refunds: Number(refunded?.sum ?? 0),
    by_day: [...byDay.values()],
  };
}

/** What sold best among the orders paid in the range, by money: products, and their categories. */
export async function getTopSellers(
  db: Database,
  query: AdminStatsQuery,
  timeZone: string,
): Promise<AdminStatsTop> {
  const paidInRange = and(
    gte(orders.paidAt, dayStart(query.from, timeZone)),
    lt(orders.paidAt, dayEnd(query.to, timeZone)),
  );
  const lineRevenue = sql<number>`sum(${orderItems.price} * ${orderItems.quantity})::int`;
  const lineQty = sql<number>`sum(${orderItems.quantity})::int`;
  const topProducts = await db
    .select({
      id: orderItems.productId,
      title: sql<string>`max(${orderItems.title})`,
      quantity: lineQty,
      revenue: lineRevenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paidInRange)
    .groupBy(orderItems.productId)
    .orderBy(desc(lineRevenue), orderItems.productId)
    .limit(TOP);
  const topCategories = await db
    .select({
      id: categories.id,
      title: categories.name,
      quantity: lineQty,
      revenue: lineRevenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productCategories, eq(productCategories.productId, orderItems.productId))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(paidInRange)
    .groupBy(categories.id, categories.name)
    .orderBy(desc(lineRevenue), categories.id)
    .limit(TOP);

  const numbers = (t: StatsTop) => ({ ...t, quantity: Number(t.quantity), revenue: Number(t.revenue) });
  return { top_products: topProducts.map(numbers), top_categories: topCategories.map(numbers) };
}

/** The work waiting now: orders by status, «Нужен возврат», find requests, payouts. */
export async function getWaitingWork(db: Database): Promise<StatsWaiting> {
  const byStatus = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.status, ['paid', 'purchasing', 'to_warehouse', 'customs']))
    .groupBy(orders.status);
  const count = (statuses: string[]) =>
    byStatus.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + Number(r.n), 0);
  // «Нужен возврат» (as refunds' needsRefundSql): canceled, paid more than refunded; from the
  // succeeded payments, since most canceled orders lapsed unpaid.
  const owed = db
    .select({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'succeeded'), eq(orders.status, 'canceled')))
    .groupBy(payments.orderId)
    .having(
      sql`sum(${payments.amount}) > coalesce((select sum(r.amount) from refunds r where r.order_id = ${payments.orderId} and r.status = 'succeeded'), 0)`,
    )
    .as('owed');
  const [refund] = await db.select({ n: sql<number>`count(*)::int` }).from(owed);
  const [finds] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(findRequests)
    .where(inArray(findRequests.status, ['new', 'in_progress']));
  const [payouts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bloggerPayouts)
    .where(inArray(bloggerPayouts.status, [...ACTIVE_PAYOUT_STATUSES]));
  return {
    to_buy: count(['paid']),
    to_ship: count(['purchasing', 'to_warehouse', 'customs']),
    needs_refund: Number(refund?.n ?? 0),
    find_requests: Number(finds?.n ?? 0),
    payouts: Number(payouts?.n ?? 0),
  };
}
