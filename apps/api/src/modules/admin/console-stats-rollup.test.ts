// The dashboard's rollups (docs/decisions/061, migration 0020) against a recount from the base
// tables: after paid orders, refunds, lapses, a paid-too-late order, an owner's cancel, orders and
// refunds moved across the midnights of several time zones (Moscow, a half-hour and a
// quarter-hour zone, one with summer time), a line changed and an order deleted.
import type { AdminOrder, AdminStats, AdminStatsTop, StatsWaiting } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orderItems, orders, payments, refunds, sandboxPayments } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { placeAndPay, placeOrder, shopper } from '../../test/console-kit.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { needsRefundSql } from '../refunds/index.ts';
import { getStats, getTopSellers } from './stats.repository.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const ZONES = ['Europe/Moscow', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id], shopTimeZone: 'Europe/Moscow' });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: { authorization: ownerAuth }, payload });

/** The figures of a range counted from the orders and refunds themselves, one day at a time. */
async function recount(from: string, to: string, tz: string) {
  const days = await queryRows<{
    day: string;
    revenue: string;
    paid: string;
    placed: string;
    placed_paid: string;
    refunds: string;
  }>(
    t.app.db,
    sql`
    select g::date::text as day,
      (select coalesce(sum(to_pay), 0) from orders where paid_at >= b.s and paid_at < b.e) as revenue,
      (select count(*) from orders where paid_at >= b.s and paid_at < b.e) as paid,
      (select count(*) from orders where created_at >= b.s and created_at < b.e) as placed,
      (select count(*) from orders where created_at >= b.s and created_at < b.e and paid_at is not null) as placed_paid,
      (select coalesce(sum(amount), 0) from refunds
        where status = 'succeeded' and created_at >= b.s and created_at < b.e) as refunds
    from generate_series(${from}::date, ${to}::date, interval '1 day') g
    cross join lateral (select (g::date::timestamp at time zone ${tz}) as s,
      ((g::date + 1)::timestamp at time zone ${tz}) as e) b
    order by 1`,
  );
  const sum = (k: 'revenue' | 'paid' | 'placed' | 'placed_paid' | 'refunds') =>
    days.reduce((s, d) => s + Number(d[k]), 0);
  const products = await queryRows<{ id: number; revenue: string; quantity: string }>(
    t.app.db,
    sql`
    select i.product_id as id, sum(i.price * i.quantity) as revenue, sum(i.quantity) as quantity
    from orders o join order_items i on i.order_id = o.id
    where o.paid_at >= (${from}::date::timestamp at time zone ${tz})
      and o.paid_at < ((${to}::date + 1)::timestamp at time zone ${tz})
    group by 1 order by 2 desc, 1 limit 5`,
  );
  return {
    revenue: sum('revenue'),
    orders: sum('paid'),
    placed: sum('placed'),
    placedPaid: sum('placed_paid'),
    refunds: sum('refunds'),
    byDay: days.map((d) => ({
      day: d.day,
      revenue: Number(d.revenue),
      orders: Number(d.paid),
      placed: Number(d.placed),
    })),
    top: products.map((p) => ({
      id: Number(p.id),
      revenue: Number(p.revenue),
      quantity: Number(p.quantity),
    })),
  };
}

async function expectEqualToRecount(from: string, to: string, tz: string) {
  const stats: AdminStats = await getStats(t.app.db, { from, to }, tz);
  const r = await recount(from, to, tz);
  const where = `${from}..${to} ${tz}`;
  expect({ where, ...stats }).toMatchObject({
    where,
    revenue: r.revenue,
    orders: r.orders,
    placed: r.placed,
    refunds: r.refunds,
    conversion: r.placed === 0 ? 0 : Math.round((r.placedPaid / r.placed) * 10_000) / 10_000,
    by_day: r.byDay,
  });
  const top: AdminStatsTop = await getTopSellers(t.app.db, { from, to }, tz);
  expect({
    where,
    top: top.top_products.map(({ id, revenue, quantity }) => ({ id, revenue, quantity })),
  }).toEqual({
    where,
    top: r.top,
  });
  return r;
}

/** Moves an order's placing and payment (and its payments' and refunds' times) to given instants. */
async function moveOrder(orderId: number, createdAt: string, paidAt: string | null) {
  await t.app.db
    .update(orders)
    .set({
      createdAt: sql`${createdAt}::timestamptz`,
      paidAt: paidAt === null ? null : sql`${paidAt}::timestamptz`,
    })
    .where(eq(orders.id, orderId));
}

describe('the dashboard rollups', () => {
  it('equal a recount after refunds, lapses, a paid-too-late order, time-zone midnights, a changed line and a deleted order', async () => {
    const buyer = await shopper(t.app);
    const paid: number[] = [];
    for (let i = 0; i < 8; i++) {
      if (i % 4 === 0 && i > 0) Object.assign(buyer, await shopper(t.app));
      paid.push((await placeAndPay(t.app, buyer, { price: 1000 + 111 * i })).orderId);
    }
    // Three orders lapse unpaid; a fourth lapses with its payment link open and is paid after.
    const lapsing = await shopper(t.app);
    for (let i = 0; i < 3; i++) await placeOrder(t.app, lapsing, { price: 777 });
    const late = await shopper(t.app);
    const lateOrder = await placeOrder(t.app, late, { price: 2500 });
    const link = await t.app.inject({
      url: `/api/v1/order/payment_url/${lateOrder.orderId}`,
      headers: { authorization: late.authorization },
    });
    expect(link.statusCode).toBe(200);
    expect(await expireUnpaidOrders(t.app.db, new Date(Date.now() + 31 * 60_000))).toHaveLength(4);
    // The shopper pays at the provider after all (its side of the sandbox), and it tells us.
    const [pending] = await t.app.db.select().from(payments).where(eq(payments.orderId, lateOrder.orderId));
    await t.app.db
      .update(sandboxPayments)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPayments.id, pending!.providerPaymentId!));
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      payload: {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: pending!.providerPaymentId },
      },
    });
    expect(hook.json()).toEqual({ result: { outcome: 'paid_too_late' } });
    const lateCard = await admin('GET', `/orders/${lateOrder.orderId}`);
    expect(lateCard.json<{ result: AdminOrder }>().result).toMatchObject({
      status: 'canceled',
      needs_refund: true,
    });
    const waiting = async () =>
      (await admin('GET', '/stats/waiting')).json<{ result: StatsWaiting }>().result;
    const [owedNow] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*) as n from orders where ${needsRefundSql(orders.id, orders.status)}`,
    );
    expect(Number(owedNow!.n)).toBe(1);
    expect((await waiting()).needs_refund).toBe(1);

    // A partial refund of one paid order, a full one of another; the owner cancels a third
    // (it now waits for its money back), and the paid-too-late order is refunded in part.
    for (const [orderId, amount] of [
      [paid[0]!, 300],
      [paid[1]!, 1111],
      [lateOrder.orderId, 1000],
    ] as const) {
      const res = await admin('POST', `/orders/${orderId}/refund`, { amount, reason: 'Брак' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const cancel = await admin('POST', `/orders/${paid[2]!}/status`, { status: 'canceled', notify: false });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await waiting()).needs_refund).toBe(2);

    // Orders and refunds moved onto the midnights of the zones: Moscow's (21:00 UTC), Kolkata's
    // (18:30 UTC), Kathmandu's (18:15 UTC), New York's (05:00 UTC in winter, 04:00 in summer).
    const moves: [number, string, string | null][] = [
      [paid[3]!, '2026-01-15T20:59:59.999Z', '2026-01-15T21:00:00Z'],
      [paid[4]!, '2026-01-15T18:29:00Z', '2026-01-15T18:30:00Z'],
      [paid[5]!, '2026-01-15T18:14:59Z', '2026-01-15T18:15:01Z'],
      [paid[6]!, '2026-01-16T04:59:59Z', '2026-01-16T05:00:00Z'],
      [paid[7]!, '2026-03-08T03:30:00Z', '2026-03-09T03:59:59Z'],
      [paid[0]!, '2026-01-14T23:00:00Z', '2026-01-16T18:45:00Z'],
    ];
    for (const [id, createdAt, paidAt] of moves) await moveOrder(id, createdAt, paidAt);
    await t.app.db
      .update(refunds)
      .set({ createdAt: sql`'2026-01-16T18:29:59Z'::timestamptz` })
      .where(eq(refunds.orderId, paid[1]!));
    // A line of a paid order changed, a line added to another, and an order deleted with its
    // payment and refund.
    await t.app.db
      .update(orderItems)
      .set({ quantity: 3, price: 999 })
      .where(eq(orderItems.orderId, paid[4]!));
    const extra = await insertProduct(t.app.db, { variants: [{ price: 5000 }] });
    await t.app.db.insert(orderItems).values({
      orderId: paid[6]!,
      productId: extra.product.id,
      variantId: extra.variants[0]!.id,
      title: 'Добавленная строка',
      variantTitle: '42',
      price: 5000,
      quantity: 2,
    });
    await t.app.db.delete(orders).where(eq(orders.id, paid[0]!));

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(Date.now() - 86_400_000),
    );
    const ranges: [string, string][] = [
      ['2026-01-14', '2026-01-17'],
      ['2026-01-15', '2026-01-15'],
      ['2026-01-16', '2026-01-16'],
      ['2026-03-07', '2026-03-09'],
      ['2026-01-01', '2026-03-31'],
      [yesterday, today],
    ];
    for (const tz of ZONES) for (const [from, to] of ranges) await expectEqualToRecount(from, to, tz);

    // Not a tautology: the ranges hold the moved orders, and the zones split them differently.
    const moscow = await recount('2026-01-16', '2026-01-16', 'Europe/Moscow');
    const kolkata = await recount('2026-01-16', '2026-01-16', 'Asia/Kolkata');
    expect(moscow.orders).toBe(2);
    expect(kolkata.orders).not.toBe(moscow.orders);
    expect(kolkata.refunds).toBe(1111);
    expect((await recount(yesterday, today, 'Europe/Moscow')).placed).toBeGreaterThanOrEqual(4);

    // The stored rollups are exactly what the migration's backfill would build now.
    const hoursNow = sql`
      select hour, sum(revenue)::bigint, sum(paid)::int, sum(placed)::int, sum(placed_paid)::int, sum(refunds)::bigint
      from sales_hours group by hour
      having (sum(revenue), sum(paid), sum(placed), sum(placed_paid), sum(refunds)) <> (0, 0, 0, 0, 0)`;
    const hoursRebuilt = sql`
      select hour, sum(revenue)::bigint, sum(paid)::int, sum(placed)::int, sum(placed_paid)::int, sum(refunds)::bigint
      from (
        select date_trunc('hour', paid_at, 'UTC') as hour, to_pay::bigint as revenue, 1 as paid, 0 as placed,
          0 as placed_paid, 0::bigint as refunds
        from orders where paid_at is not null
        union all select date_trunc('hour', created_at, 'UTC'), 0, 0, 1, (paid_at is not null)::int, 0 from orders
        union all select date_trunc('hour', created_at, 'UTC'), 0, 0, 0, 0, amount from refunds where status = 'succeeded'
      ) x group by hour`;
    const productsNow = sql`
      select day, product_id, sum(quantity)::int, sum(revenue)::bigint from sales_product_days
      group by day, product_id having sum(quantity) <> 0 or sum(revenue) <> 0`;
    const productsRebuilt = sql`
      select (o.paid_at at time zone 'UTC')::date, i.product_id, sum(i.quantity)::int, sum(i.price * i.quantity)::bigint
      from orders o join order_items i on i.order_id = o.id where o.paid_at is not null group by 1, 2`;
    for (const [now, rebuilt] of [
      [hoursNow, hoursRebuilt],
      [productsNow, productsRebuilt],
    ] as const) {
      const diff = await queryRows(
        t.app.db,
        sql`(${now} except ${rebuilt}) union all (${rebuilt} except ${now})`,
      );
      expect(diff).toEqual([]);
      const [n] = await queryRows<{ n: string }>(t.app.db, sql`select count(*) as n from (${now}) x`);
      expect(Number(n!.n)).toBeGreaterThan(5);
    }
    const [owed] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*) as n from orders where ${needsRefundSql(orders.id, orders.status)}`,
    );
    expect((await waiting()).needs_refund).toBe(Number(owed!.n));
    expect(Number(owed!.n)).toBe(2);
  });
});
