// The console's dashboard (docs/product.md §12.6) against a recount: 20 paid and 5 lapsed orders, a
// partial refund, and an order paid just after midnight in Moscow that belongs to the Moscow day.
import type { AdminOrder, AdminOrderList, AdminStats, AdminStatsTop, StatsWaiting } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { placeAndPay, placeOrder, shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const TZ = 'Europe/Moscow';
let t: TestApp;
let ownerAuth: string;

const moscowDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(d);

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id], shopTimeZone: TZ });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const get = <T>(url: string) =>
  t.app.inject({ url: `/api/v1/admin${url}`, headers: { authorization: ownerAuth } }).then((r) => {
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json<{ result: T }>().result;
  });

describe('GET /admin/stats', () => {
  it('after 20 paid and 5 lapsed orders, the numbers equal a recount from the orders list', async () => {
    const prices = Array.from({ length: 20 }, (_, i) => 1000 + 137 * i);
    for (let i = 0; i < 20; i++) {
      // A shopper holds few unpaid orders at once: a new one every five.
      const s = await shopper(t.app);
      await placeAndPay(t.app, s, { price: prices[i]! });
    }
    const lapsing = await shopper(t.app);
    for (let i = 0; i < 5; i++) await placeOrder(t.app, lapsing, { price: 999 });
    const lapsed = await expireUnpaidOrders(t.app.db, new Date(Date.now() + 31 * 60_000));
    expect(lapsed).toHaveLength(5);

    // A partial refund of one paid order.
    const list0 = await get<AdminOrderList>('/orders?status=paid&limit=200');
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${list0.orders[0]!.id}/refund`,
      headers: { authorization: ownerAuth },
      payload: { amount: 500, reason: 'Брак' },
    });
    expect(refunded.statusCode).toBe(200);

    // Yesterday and today in Moscow: the test may straddle midnight.
    const today = moscowDay(new Date());
    const yesterday = moscowDay(new Date(Date.now() - 86_400_000));
    const stats = await get<AdminStats>(`/stats?from=${yesterday}&to=${today}`);

    // The recount: every order of the same range from the orders list, and each paid one's card.
    const list = await get<AdminOrderList>(`/orders?from=${yesterday}&to=${today}&limit=200`);
    expect(list.more).toBe(false);
    const paid = list.orders.filter((o) => o.status !== 'awaiting_payment' && o.status !== 'canceled');
    const cards = await Promise.all(paid.map((o) => get<AdminOrder>(`/orders/${o.id}`)));
    const revenue = cards.reduce((s, c) => s + c.paid_amount, 0);
    const refunds = cards.reduce((s, c) => s + c.refunded_amount, 0);

    expect(list.orders).toHaveLength(25);
    expect(paid).toHaveLength(20);
    expect(list.orders.filter((o) => o.status === 'canceled')).toHaveLength(5);
    expect(revenue).toBe(prices.reduce((a, b) => a + b, 0));
    expect(stats).toMatchObject({
      from: yesterday,
      to: today,
      time_zone: TZ,
      revenue,
      orders: 20,
      placed: 25,
      conversion: 0.8,
      average: Math.round(revenue / 20),
      refunds,
    });
    expect(refunds).toBe(500);
    expect(stats.by_day.map((d) => d.day)).toEqual(yesterday === today ? [today] : [yesterday, today]);
    expect(stats.by_day.reduce((s, d) => s + d.revenue, 0)).toBe(revenue);
    expect(stats.by_day.reduce((s, d) => s + d.placed, 0)).toBe(25);
    // Top products: each order bought its own product; the dearest first.
    const top = await get<AdminStatsTop>(`/stats/top?from=${yesterday}&to=${today}`);
    expect(top.top_products.map((p) => p.revenue)).toEqual(prices.slice(-5).reverse());
    // The work waiting: the 20 paid orders to buy (the one refunded in part stays paid).
    const waiting = await get<StatsWaiting>('/stats/waiting');
    expect(waiting).toMatchObject({ to_buy: 20, to_ship: 0, needs_refund: 0 });
    // A paid order canceled by the owner waits for its money back; one bought waits to ship.
    const [c, b] = paid.filter((o) => o.id !== list0.orders[0]!.id);
    for (const [id, status] of [
      [c!.id, 'canceled'],
      [b!.id, 'purchasing'],
    ] as const) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${id}/status`,
        headers: { authorization: ownerAuth },
        payload: { status, notify: false },
      });
      expect(moved.statusCode).toBe(200);
    }
    expect(await get<StatsWaiting>('/stats/waiting')).toMatchObject({
      to_buy: 18,
      to_ship: 1,
      needs_refund: 1,
    });
  });

  it("counts an order paid at 00:30 Moscow time on the Moscow day, as the orders list's dates do", async () => {
    const s = await shopper(t.app);
    const { orderId } = await placeAndPay(t.app, s, { price: 4321 });
    // 2026-01-15 21:30 UTC is 2026-01-16 00:30 in Moscow.
    await t.app.db
      .update(orders)
      .set({
        createdAt: sql`'2026-01-15T21:30:00Z'::timestamptz`,
        paidAt: sql`'2026-01-15T21:30:00Z'::timestamptz`,
      })
      .where(eq(orders.id, orderId));

    const day16 = await get<AdminStats>('/stats?from=2026-01-16&to=2026-01-16');
    expect(day16).toMatchObject({ revenue: 4321, orders: 1, placed: 1, conversion: 1, average: 4321 });
    expect(day16.by_day).toEqual([{ day: '2026-01-16', revenue: 4321, orders: 1, placed: 1 }]);
    const day15 = await get<AdminStats>('/stats?from=2026-01-15&to=2026-01-15');
    expect(day15).toMatchObject({ revenue: 0, orders: 0, placed: 0, conversion: 0, average: 0 });

    const list16 = await get<AdminOrderList>('/orders?from=2026-01-16&to=2026-01-16');
    expect(list16.orders.map((o) => o.id)).toEqual([orderId]);
    const list15 = await get<AdminOrderList>('/orders?from=2026-01-15&to=2026-01-15');
    expect(list15.orders).toEqual([]);
  });

  it('a range that ends before it starts, or is longer than a year, is a 400', async () => {
    const reversed = await t.app.inject({
      url: '/api/v1/admin/stats?from=2026-02-02&to=2026-02-01',
      headers: { authorization: ownerAuth },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: { code: 'bad_request' } });
    const long = await t.app.inject({
      url: '/api/v1/admin/stats?from=2024-01-01&to=2026-01-01',
      headers: { authorization: ownerAuth },
    });
    expect(long.statusCode).toBe(400);
    const missing = await t.app.inject({ url: '/api/v1/admin/stats', headers: { authorization: ownerAuth } });
    expect(missing.statusCode).toBe(400);
  });
});
