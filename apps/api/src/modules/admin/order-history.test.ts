// Who moved an order and why is kept on its status history row by `transition()` and read back
// by the order card: a staff member's Telegram id and comment, the shop itself (payment, lapse)
// as no one.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { placeAndPay, placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser({ first_name: 'Ольга', last_name: 'Петрова' });
let t: TestApp;
let ownerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
});
afterAll(() => t.close());

const rows = (orderId: number) =>
  t.app.db
    .select({
      status: orderStatusHistory.status,
      actor: orderStatusHistory.actorTelegramId,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));

type Card = {
  history: {
    status: string;
    actor: { telegram_id: number; name: string | null } | null;
    comment: string | null;
  }[];
};
const card = async (orderId: number) =>
  (
    await t.app.inject({ url: `/api/v1/admin/orders/${orderId}`, headers: { authorization: ownerAuth } })
  ).json<{ result: Card }>().result;

describe('status history: who and why', () => {
  it('stores the staff member and the comment on the history row, and the card shows them', async () => {
    const { orderId } = await placeAndPay(t.app, buyer);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth },
      payload: { status: 'purchasing', comment: 'Выкупаем', notify: false },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // A second move to a later status without a comment.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth },
      payload: { status: 'customs', notify: false },
    });
    expect(await rows(orderId)).toEqual([
      { status: 'awaiting_payment', actor: null, note: null },
      { status: 'paid', actor: null, note: null },
      { status: 'purchasing', actor: owner.id, note: 'Выкупаем' },
      { status: 'customs', actor: owner.id, note: null },
    ]);
    expect((await card(orderId)).history).toEqual([
      expect.objectContaining({ status: 'awaiting_payment', actor: null, comment: null }),
      expect.objectContaining({ status: 'paid', actor: null, comment: null }),
      expect.objectContaining({
        status: 'purchasing',
        actor: { telegram_id: owner.id, name: 'Ольга Петрова' },
        comment: 'Выкупаем',
      }),
      expect.objectContaining({
        status: 'customs',
        actor: { telegram_id: owner.id, name: 'Ольга Петрова' },
        comment: null,
      }),
    ]);
  });

  it('an order that lapsed unpaid was canceled by no one, with the reason', async () => {
    const { orderId } = await placeOrder(t.app, buyer);
    await t.app.db.execute(
      sql`update orders set created_at = now() - interval '2 hours' where id = ${orderId}`,
    );
    await expireUnpaidOrders(t.app.db, new Date());
    expect((await rows(orderId)).at(-1)).toEqual({
      status: 'canceled',
      actor: null,
      note: 'Не оплачен вовремя',
    });
    expect((await card(orderId)).history.at(-1)).toMatchObject({
      status: 'canceled',
      actor: null,
      comment: 'Не оплачен вовремя',
    });
  });
});
