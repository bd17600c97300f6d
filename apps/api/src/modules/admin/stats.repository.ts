// The console's dashboard (docs/product.md §12.6, docs/decisions/061): sales of a range of days in
// the shop's time zone, read from rollups that triggers keep exact in the writing transaction
// (migration 0020: `sales_hours` by UTC hour, `sales_product_days` by UTC day, `refunds_owed`);
// the parts of the range a whole hour / day does not cover are read from the base tables by their
// indexes (orders_paid_at_idx, orders_created_at_idx, refunds_succeeded_created_idx). The
// benchmark is apps/api/bench/console-stats.ts.
import {
  ACTIVE_PAYOUT_STATUSES,
  type AdminStats,
  type AdminStatsQuery,
  type AdminStatsTop,
  type StatsDay,
  type StatsTop,
  type StatsWaiting,
} from '@shop/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { bloggerPayouts, findRequests, orders, refundsOwed } from '../../db/schema/index.ts';

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

type DayRow = {
  day: string;
  revenue: string | number;
  paid: string | number;
  placed: string | number;
  placed_paid: string | number;
  refunds: string | number;
};

/**
 * The range's figures by the shop's day. A UTC hour wholly inside one day of the shop comes from
 * `sales_hours`; what is left of each day (none in a zone a whole number of hours from UTC, such
 * as Moscow) from the base tables.
 */
function salesByDay(from: string, to: string, timeZone: string): SQL {
  const start = dayStart(from, timeZone);
  const end = dayEnd(to, timeZone);
  return sql`
    with d as (
      select g::date as day, (g::date::timestamp at time zone ${timeZone}) as s,
        ((g::date + 1)::timestamp at time zone ${timeZone}) as e
      from generate_series(${from}::date, ${to}::date, interval '1 day') g
    ), h as (
      select day, s, e, date_trunc('hour', e, 'UTC') as lh,
        date_trunc('hour', s, 'UTC')
          + case when date_trunc('hour', s, 'UTC') = s then interval '0' else interval '1 hour' end as fh
      from d
    ), frag as (
      select day, s as a, least(fh, e) as z from h where fh > s
      union all
      select day, greatest(fh, lh) as a, e as z from h where greatest(fh, lh) < e
    )
    select day::text as day, sum(revenue) as revenue, sum(paid) as paid, sum(placed) as placed,
      sum(placed_paid) as placed_paid, sum(refunds) as refunds
    from (
      select (r.hour at time zone ${timeZone})::date as day, r.revenue, r.paid, r.placed, r.placed_paid, r.refunds
      from sales_hours r
      where r.hour >= ${start} and r.hour <= ${end} - interval '1 hour'
        and (r.hour at time zone ${timeZone})::date
          = ((r.hour + interval '1 hour' - interval '1 microsecond') at time zone ${timeZone})::date
      union all
      -- LATERAL: one index range scan per piece left over (none in Moscow), never a scan of all.
      select f.day, x.revenue, x.paid, x.placed, x.placed_paid, x.refunds
      from frag f
      cross join lateral (
        select coalesce(sum(o.to_pay), 0) as revenue, count(*) as paid, 0 as placed, 0 as placed_paid, 0 as refunds
        from orders o where o.paid_at >= f.a and o.paid_at < f.z
        union all
        select 0, 0, count(*), count(*) filter (where o.paid_at is not null), 0
        from orders o where o.created_at >= f.a and o.created_at < f.z
        union all
        select 0, 0, 0, 0, coalesce(sum(r.amount), 0)
        from refunds r where r.status = 'succeeded' and r.created_at >= f.a and r.created_at < f.z
      ) x
    ) u
    group by day`;
}

/**
 * «Нужен возврат» across the shop (as refunds' needsRefundSql): the rows of `refunds_owed`, kept by
 * the triggers of migration 0020 (decision 061). The dashboard's work waiting and the counter on
 * the console's «Заказы» read it.
 */
export async function countNeedsRefund(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(refundsOwed);
  return Number(row?.n ?? 0);
}

export async function getStats(db: Database, query: AdminStatsQuery, timeZone: string): Promise<AdminStats> {
  const rows = await queryRows<DayRow>(db, salesByDay(query.from, query.to, timeZone));
  const byDay = new Map<string, StatsDay>(
    daysOf(query.from, query.to).map((day) => [day, { day, revenue: 0, orders: 0, placed: 0 }]),
  );
  let revenue = 0;
  let paidOrders = 0;
  let placed = 0;
  let placedPaid = 0;
  let refunded = 0;
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (d) Object.assign(d, { revenue: Number(r.revenue), orders: Number(r.paid), placed: Number(r.placed) });
    revenue += Number(r.revenue);
    paidOrders += Number(r.paid);
    placed += Number(r.placed);
    placedPaid += Number(r.placed_paid);
    refunded += Number(r.refunds);
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
    refunds: refunded,
    by_day: [...byDay.values()],
  };
}

type TopRow = {
  kind: 'product' | 'category';
  id: number;
  title: string;
  quantity: string | number;
  revenue: string | number;
};

/**
 * What sold best among the orders paid in the range, by money: products, and their categories.
 * The UTC days wholly inside the range come from `sales_product_days`; the hours before the first
 * and after the last (less than a day at each end) from the orders paid then and their lines.
 */
export async function getTopSellers(
  db: Database,
  query: AdminStatsQuery,
  timeZone: string,
): Promise<AdminStatsTop> {
  const rows = await queryRows<TopRow>(
    db,
    sql`
    with b as (
      select s, e, fd, ld, (fd::timestamp at time zone 'UTC') as fdt, (ld::timestamp at time zone 'UTC') as ldt
      from (
        select s, e, (e at time zone 'UTC')::date as ld,
          (s at time zone 'UTC')::date + case when date_trunc('day', s, 'UTC') = s then 0 else 1 end as fd
        from (select ${dayStart(query.from, timeZone)} as s, ${dayEnd(query.to, timeZone)} as e) r
      ) x
    ), lines as (
      select p.product_id, p.title, p.quantity, p.revenue
      from b join sales_product_days p on p.day >= b.fd and p.day < b.ld
      union all
      select i.product_id, i.title, i.quantity, i.price * i.quantity
      from b cross join lateral (
        select o.id from orders o where o.paid_at >= b.s and o.paid_at < least(b.fdt, b.e)
        union all
        select o.id from orders o where o.paid_at >= greatest(b.fdt, b.ldt) and o.paid_at < b.e
      ) o
      join order_items i on i.order_id = o.id
    ), per as (
      select product_id, max(title) as title, sum(quantity) as quantity, sum(revenue) as revenue
      from lines group by product_id having sum(quantity) > 0
    )
    (select 'product' as kind, product_id as id, title, quantity, revenue
      from per order by revenue desc, product_id limit ${TOP})
    union all
    (select 'category', c.id, c.name, sum(per.quantity), sum(per.revenue)
      from per join product_categories pc on pc.product_id = per.product_id
      join categories c on c.id = pc.category_id
      group by c.id, c.name order by sum(per.revenue) desc, c.id limit ${TOP})`,
  );
  const top = (kind: TopRow['kind']): StatsTop[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({
        id: Number(r.id),
        title: r.title,
        quantity: Number(r.quantity),
        revenue: Number(r.revenue),
      }));
  return { top_products: top('product'), top_categories: top('category') };
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
  const refund = await countNeedsRefund(db);
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
    needs_refund: refund,
    find_requests: Number(finds?.n ?? 0),
    payouts: Number(payouts?.n ?? 0),
  };
}
