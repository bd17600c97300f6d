// The «Must show» of the programmes over HTTP (docs/product.md §13): invites and the welcome bonus,
// the inviter's reward following the friend's order, the 30 % cap and holds, the blogger's
// discount, commission and withdrawals, the public page, idempotent hooks, concurrent spends.
import type { BloggerDashboard, BonusAccount, CheckoutQuote, PublicUser, Referral } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bloggerLedger, bonusLedger, notifications, payments, users } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct, makeInn } from '../../test/fixtures.ts';
import { payInSandbox } from '../../test/console-kit.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { expireLots } from '../bonus/bonus-ledger.ts';
import { warnExpiringLots } from '../bonus/bonus-expiry.ts';
import { onOrderStatusChanged } from './order-hook.ts';
import {
  buyer,
  get,
  newKey,
  order,
  paidOrder,
  placedOrder,
  send,
  setStatus,
  signIn,
  type Buyer,
} from '../../test/programmes-kit.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

type Answer = { result: Record<string, unknown> & { id: number }; error: { code: string; message: string } };
/** The answer of a call whose shape the test checks field by field. */
const j = (res: { json: <T>() => T }) => res.json<Answer>();

const bonus = (b: { authorization: string }) => get<BonusAccount>(t.app, '/api/v1/bonus', b.authorization);

/** A fresh inviter and a new shopper who came by their link (so holds the welcome bonus). */
async function invitedBuyer(): Promise<{ inviter: string; buyer: Buyer }> {
  const inviter = await login(t.app);
  const { code } = await get<Referral>(t.app, '/api/v1/referral', inviter);
  return { inviter, buyer: await buyer(t.app, `ref_${code}`) };
}

/** A new member of the staff with this role, signed in. */
async function staffMember(role: 'viewer' | 'moderator'): Promise<string> {
  const member = makeTelegramUser();
  const auth = await login(t.app, member);
  await send(t.app, 'POST', '/api/v1/admin/staff', ownerAuth, { telegram_id: member.id, role });
  return auth;
}

describe('referral: invite, welcome bonus, reward on the friend’s order', () => {
  let inviterAuth: string;
  let code: string;
  let friend: Buyer;

  it('a new user who opens startapp=ref_<code> has a welcome bonus and counts as invited', async () => {
    inviterAuth = await login(t.app);
    const mine = await get<Referral>(t.app, '/api/v1/referral', inviterAuth);
    code = mine.code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(mine.link).toBe(`https://t.me/test_shop_bot/shop?startapp=ref_${code}`);
    expect(mine.stats).toMatchObject({ invited: 0, pending: 0 });

    friend = await buyer(t.app, `productId_12__ref_${code}`);
    expect(await bonus(friend)).toMatchObject({ balance: 500, pending: 0 });
    const after = await get<Referral>(t.app, '/api/v1/referral', inviterAuth);
    expect(after.stats.invited).toBe(1);
    const history = await get<{ items: { status: string; friend: { first_name: string } }[] }>(
      t.app,
      '/api/v1/referral/history',
      inviterAuth,
    );
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      status: 'registered',
      friend: { first_name: 'Иван', last_initial: 'Т.' },
    });
    // The friend may no longer enter a code: already invited.
    const friendView = await get<Referral>(t.app, '/api/v1/referral', friend.authorization);
    expect(friendView.can_enter_code).toBe(false);
  });

  it('an existing user opening the link changes nothing; nobody invites themselves', async () => {
    const existing = makeTelegramUser();
    const auth = await signIn(t.app, existing);
    await signIn(t.app, existing, `ref_${code}`);
    expect(await bonus({ authorization: auth })).toMatchObject({ balance: 0 });
    expect((await get<Referral>(t.app, '/api/v1/referral', inviterAuth)).stats.invited).toBe(1);

    const self = await send(t.app, 'POST', '/api/v1/referral/apply', inviterAuth, { code });
    expect(self.statusCode).toBe(409);
    expect(j(self).error.message).toBe('Нельзя пригласить самого себя');
    const unknown = await send(t.app, 'POST', '/api/v1/referral/apply', auth, { code: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a late code entered within 48 h and before the first order binds and credits the welcome bonus', async () => {
    const late = await login(t.app);
    const res = await send(t.app, 'POST', '/api/v1/referral/apply', late, { code: code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(j(res).result.welcome_bonus).toBe(500);
    expect(await bonus({ authorization: late })).toMatchObject({ balance: 500 });
    const again = await send(t.app, 'POST', '/api/v1/referral/apply', late, { code });
    expect(again.statusCode).toBe(409);
    expect(j(again).error.code).toBe('referral_not_allowed');

    // Past 48 h after the first sign-in: refused.
    const tooLateUser = makeTelegramUser();
    const tooLate = await login(t.app, tooLateUser);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(users.telegramId, tooLateUser.id));
    const refused = await send(t.app, 'POST', '/api/v1/referral/apply', tooLate, { code });
    expect(refused.statusCode).toBe(409);
    expect(j(refused).error.message).toBe(
      'Код можно ввести только до первого заказа и в течение 48 часов после регистрации',
    );
  });

  it('the friend’s first paid order of 3 000 ₽ makes the reward pending; completion makes it available', async () => {
    const small = await paidOrder(t.app, friend, 2000);
    // Below the minimum: nothing yet.
    expect(await bonus({ authorization: inviterAuth })).toMatchObject({ pending: 0, balance: 0 });
    await setStatus(t.app, ownerAuth, small.order.id, 'completed');

    const big = await paidOrder(t.app, friend, 3000);
    expect(big.order.to_pay).toBe(3000);
    expect(await bonus({ authorization: inviterAuth })).toMatchObject({ pending: 1000, balance: 0 });
    const stats = (await get<Referral>(t.app, '/api/v1/referral', inviterAuth)).stats;
    expect(stats).toMatchObject({ invited: 2, ordered: 1, pending: 1000, earned: 0 });

    // The payment webhook applied again, and the hook replayed: still one reward row.
    await t.database.db.transaction((tx) =>
      onOrderStatusChanged(tx, big.order.id, 'awaiting_payment', 'paid'),
    );
    const rewards = await t.database.db
      .select()
      .from(bonusLedger)
      .where(and(eq(bonusLedger.kind, 'referral_reward'), eq(bonusLedger.orderId, big.order.id)));
    expect(rewards).toHaveLength(1);

    await setStatus(t.app, ownerAuth, big.order.id, 'completed');
    expect(await bonus({ authorization: inviterAuth })).toMatchObject({ balance: 1000, pending: 0 });
    const unseen = await get<{ id: number; status: string } | null>(
      t.app,
      '/api/v1/referral/unseen-reward',
      inviterAuth,
    );
    expect(unseen).toMatchObject({ status: 'rewarded' });
    await send(t.app, 'POST', `/api/v1/referral/invites/${unseen!.id}/seen`, inviterAuth);
    expect(await get(t.app, '/api/v1/referral/unseen-reward', inviterAuth)).toBeNull();
    const messages = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'referral.rewarded'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('За приглашение вы получили 1');

    // «Удалить приглашение» on a rewarded invite hides it; the bonuses stay.
    const del = await send(t.app, 'DELETE', `/api/v1/referral/invites/${unseen!.id}`, inviterAuth);
    expect(j(del).result).toEqual({ deleted: true, mode: 'hidden' });
    expect(await bonus({ authorization: inviterAuth })).toMatchObject({ balance: 1000 });
  });

  it('a canceled friend’s order cancels the pending reward; a waiting invite can be deleted', async () => {
    const { inviter, buyer: f } = await invitedBuyer();
    const paid = await paidOrder(t.app, f, 4000, { bonus_amount: 500 });
    expect(paid.order.to_pay).toBe(3500);
    expect(await bonus({ authorization: inviter })).toMatchObject({ pending: 1000 });
    const refund = await send(t.app, 'POST', `/api/v1/admin/orders/${paid.order.id}/refund`, ownerAuth, {
      reason: 'Нет в наличии',
    });
    expect(refund.statusCode).toBe(200);
    expect(await bonus({ authorization: inviter })).toMatchObject({ pending: 0, balance: 0 });
    // The friend's spent bonuses came back as a new lot.
    expect(await bonus(f)).toMatchObject({ balance: 500 });
    const invites = await get<{ items: { id: number; status: string }[] }>(
      t.app,
      '/api/v1/referral/history',
      inviter,
    );
    expect(invites.items[0]!.status).toBe('registered');
    const del = await send(t.app, 'DELETE', `/api/v1/referral/invites/${invites.items[0]!.id}`, inviter);
    expect(j(del).result.mode).toBe('canceled');
    expect((await get<{ items: unknown[] }>(t.app, '/api/v1/referral/history', inviter)).items).toHaveLength(
      0,
    );
  });
});

describe('bonuses at checkout: the 30 % cap, holds, to_pay and the payment amount', () => {
  let b: Buyer;

  beforeAll(async () => {
    b = (await invitedBuyer()).buyer;
  });

  it('above 30 % of the goods or above the balance is 409', async () => {
    const overCap = await order(t.app, b, 1000, { bonus_amount: 301 });
    expect(overCap.res.statusCode).toBe(409);
    expect(j(overCap.res).error).toMatchObject({
      code: 'bonus_over_cap',
      message: 'Бонусами можно оплатить не более 30 % стоимости товаров',
    });
    const overBalance = await order(t.app, b, 3000, { bonus_amount: 600 });
    expect(overBalance.res.statusCode).toBe(409);
    expect(j(overBalance.res).error.code).toBe('bonus_over_balance');
    expect(await bonus(b)).toMatchObject({ balance: 500, held: 0 });
  });

  it('the quote shows the exact usable amount; a changed amount is 409 price_changed', async () => {
    const { items } = await order(t.app, b, 1000);
    const q = await send(t.app, 'POST', '/api/v1/checkout/quote', b.authorization, {
      items,
      bonus_amount: 1000,
    });
    expect(q.json<{ result: CheckoutQuote }>().result).toMatchObject({
      total: 1000,
      discount: 0,
      bonus_balance: 500,
      bonus_usable: 300,
      bonus_used: 300,
      to_pay: 700,
    });
    const mismatch = await order(t.app, b, 2000, { bonus_amount: 200, expected_to_pay: 2000 });
    expect(mismatch.res.statusCode).toBe(409);
    expect(j(mismatch.res).error.code).toBe('price_changed');
    expect(j(mismatch.res).error.message).toContain('1\u00a0800 ₽');
  });

  it('within them to_pay is total − bonus_used; the bonuses are held until paid, released when it lapses', async () => {
    const placed = await placedOrder(t.app, b, 2000, { bonus_amount: 400, expected_to_pay: 1600 });
    expect(placed.order).toMatchObject({ total: 2000, discount: 0, bonus_used: 400, to_pay: 1600 });
    expect(await bonus(b)).toMatchObject({ balance: 100, held: 400 });
    // The payment asks for to_pay.
    const link = await t.app.inject({
      url: `/api/v1/order/payment_url/${placed.order.id}`,
      headers: { authorization: b.authorization },
    });
    expect(link.statusCode).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.order.id));
    expect(payment!.amount).toBe(1600);
    // Unpaid past its time: canceled, the hold released.
    const lapsed = await expireUnpaidOrders(t.database.db, new Date(Date.now() + 31 * 60_000), {
      ttlMin: 30,
    });
    expect(lapsed).toContain(placed.order.id);
    expect(await bonus(b)).toMatchObject({ balance: 500, held: 0 });
  });

  it('paid: the hold is spent; the history shows one line per order', async () => {
    const placed = await paidOrder(t.app, b, 1000, { bonus_amount: 300 });
    expect(placed.order.to_pay).toBe(700);
    expect(await bonus(b)).toMatchObject({ balance: 200, held: 0 });
    const history = await get<{ items: { kind: string; amount: number; status: string; title: string }[] }>(
      t.app,
      '/api/v1/bonus/history',
      b.authorization,
    );
    expect(history.items[0]).toMatchObject({
      kind: 'order_spend',
      amount: -300,
      status: 'spent',
      title: `Оплата заказа №${placed.order.id}`,
    });
    expect(history.items.at(-1)).toMatchObject({ kind: 'welcome', amount: 500 });
  });

  it('seven days before, one warning by bot; lots past their expiry burn once, even when two jobs run at once', async () => {
    const weekBefore = new Date(Date.now() + 24 * 86_400_000);
    await Promise.all([
      warnExpiringLots(t.database.db, weekBefore),
      warnExpiringLots(t.database.db, weekBefore),
    ]);
    const warnings = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'bonus.expiring'), eq(notifications.chatId, b.user.id)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toMatch(/^У вас сгорит 200 бонусов \d+ [а-я]+\./);
    const later = new Date(Date.now() + 31 * 86_400_000);
    await Promise.all([expireLots(t.database.db, later), expireLots(t.database.db, later)]);
    await expireLots(t.database.db, later);
    const burns = await t.database.db
      .select()
      .from(bonusLedger)
      .where(and(eq(bonusLedger.userId, (await bonusOwner(b)) ?? 0), eq(bonusLedger.kind, 'expire')));
    expect(burns).toHaveLength(1);
    expect(burns[0]!.amount).toBe(-200);
    expect(await bonus(b)).toMatchObject({ balance: 0 });
  });
});

async function bonusOwner(b: Buyer): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramId, b.user.id));
  return row?.id;
}

const APPLICATION = {
  platform: 'telegram',
  url: 'https://t.me/anna_sneakers',
  followers: 12000,
  topic: 'Кроссовки',
  contact: '@anna',
  offer_accepted: true,
  marking_ack: true,
};

/** The application sent (POST) or changed (PUT) with this promo code and any field changed. */
const applyAs = (
  authorization: string,
  promo_code: string,
  { method = 'POST', ...changes }: { method?: 'POST' | 'PUT'; followers?: number } = {},
) =>
  send(t.app, method, '/api/v1/blogger/application', authorization, {
    ...APPLICATION,
    ...changes,
    promo_code,
  });

describe('blogger: application, approval, discount, commission, withdrawals, public page', () => {
  let bloggerAuth: string;
  let bloggerUserId: number;
  let applicationId: number;
  const promo = `ANNA${Math.floor(Math.random() * 9000 + 1000)}`;
  const bloggerUser = makeTelegramUser({ first_name: 'Анна', last_name: 'Кедова' });

  it('a blogger applies with a free promo code; a taken code is refused', async () => {
    bloggerAuth = await login(t.app, bloggerUser);
    const free = await get<{ available: boolean }>(
      t.app,
      `/api/v1/blogger/promo-available?code=${promo.toLowerCase()}`,
      bloggerAuth,
    );
    expect(free.available).toBe(true);
    const res = await applyAs(bloggerAuth, promo);
    expect(res.statusCode).toBe(201);
    applicationId = j(res).result.id;
    const other = await login(t.app);
    const taken = await applyAs(other, promo);
    expect(taken.statusCode).toBe(409);
    expect(j(taken).error.code).toBe('promo_taken');
    const dash = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dash).toMatchObject({ status: 'pending', blogger: null });
    bloggerUserId = dash.user_id;
    // Not approved yet: no public page.
    const page = await t.app.inject({
      url: `/api/v1/users/${bloggerUserId}`,
      headers: { authorization: other },
    });
    expect(page.statusCode).toBe(404);
  });

  it('only owners and moderators decide; the owner approves with commission and erid, the applicant is told', async () => {
    const viewerAuth = await staffMember('viewer');
    const denied = await send(
      t.app,
      'POST',
      `/api/v1/admin/bloggers/${applicationId}/approve`,
      viewerAuth,
      {},
    );
    expect(denied.statusCode).toBe(403);
    const list = await get<{ items: { id: number; status: string }[] }>(
      t.app,
      '/api/v1/admin/bloggers?status=pending',
      viewerAuth,
    );
    expect(list.items.map((i) => i.id)).toContain(applicationId);

    const ok = await send(t.app, 'POST', `/api/v1/admin/bloggers/${applicationId}/approve`, ownerAuth, {
      commission_percent: 5,
      erid: '2SDnjcVm6Ta',
    });
    expect(ok.statusCode).toBe(200);
    expect(j(ok).result).toMatchObject({
      status: 'approved',
      commission_percent: 5,
      erid: '2SDnjcVm6Ta',
    });
    const dash = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dash.blogger).toMatchObject({
      promo_code: promo,
      link: `https://t.me/test_shop_bot/shop?startapp=b_${promo}`,
    });
    expect(dash.blogger!.caption).toContain('Реклама.');
    expect(dash.blogger!.caption).toContain('erid: 2SDnjcVm6Ta');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'blogger.approved'));
    expect(told.some((n) => n.chatId === bloggerUser.id && n.text.includes(promo))).toBe(true);
  });

  it('a new user arriving by b_<PROMO> gets 5 % (at most 1 000 ₽) off the first order; the blogger earns 5 % on completion', async () => {
    const fan = await buyer(t.app, `b_${promo}`);
    const quoted = await insertProduct(t.database.db, { variants: [{ price: 8000 }] });
    const items = [{ product_id: quoted.product.id, variant_id: quoted.variants[0]!.id, quantity: 1 }];
    const q = await send(t.app, 'POST', '/api/v1/checkout/quote', fan.authorization, { items });
    expect(q.json<{ result: CheckoutQuote }>().result).toMatchObject({
      total: 8000,
      discount: 400,
      promo: { code: promo, percent: 5, auto: true },
      to_pay: 7600,
    });
    const first = await paidOrder(t.app, fan, 30000);
    expect(first.order).toMatchObject({ total: 30000, discount: 1000, to_pay: 29000 });
    let dash = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dash.balance).toMatchObject({ pending: 1450, available: 0 });
    await setStatus(t.app, ownerAuth, first.order.id, 'completed');
    dash = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dash.balance).toMatchObject({ pending: 0, available: 1450 });
    const commissions = await get<{
      items: { order_id: number; amount: number; status: string; order_total: number }[];
    }>(t.app, '/api/v1/blogger/commissions', bloggerAuth);
    expect(commissions.items[0]).toMatchObject({
      order_id: first.order.id,
      amount: 1450,
      status: 'approved',
      order_total: 29000,
    });
    // Replayed hook: still one commission row.
    await t.database.db.transaction((tx) =>
      onOrderStatusChanged(tx, first.order.id, 'awaiting_payment', 'paid'),
    );
    expect(
      await t.database.db.select().from(bloggerLedger).where(eq(bloggerLedger.orderId, first.order.id)),
    ).toHaveLength(1);

    // The second order: no discount any more, a typed code says why; the commission still counts.
    const second = await placedOrder(t.app, fan, 2000);
    expect(second.order.discount).toBe(0);
    const typed = await send(t.app, 'POST', '/api/v1/promo/check', fan.authorization, { code: promo, items });
    expect(typed.statusCode).toBe(409);
    expect(j(typed).error.message).toBe('Промокод действует только на первый заказ');
    const stats = await get<{ opens: number; new_buyers: number; orders: number; revenue: number }>(
      t.app,
      '/api/v1/blogger/stats?period=all',
      bloggerAuth,
    );
    expect(stats).toMatchObject({ opens: 1, new_buyers: 1, orders: 1, revenue: 29000 });
  });

  it('a typed promo code gives an existing shopper the discount on a first order; an unknown code is 404', async () => {
    const someone = await buyer(t.app);
    const placed = await placedOrder(t.app, someone, 10000, { promo_code: promo.toLowerCase() });
    expect(placed.order).toMatchObject({ discount: 500, to_pay: 9500 });
    const unknown = await order(t.app, someone, 1000, { promo_code: 'NOSUCHCODE' });
    expect(unknown.res.statusCode).toBe(404);
    expect(j(unknown.res).error.code).toBe('promo_not_found');
  });

  it('a withdrawal under 1 000 ₽ is refused; one active request; the owner pays it; the rest converts to bonuses', async () => {
    const body = {
      method: 'card',
      card: '4111 1111 1111 1111',
      full_name: 'Кедова Анна',
      tax_status: 'self_employed',
      inn: makeInn('7707083893'),
      save_details: true,
    };
    const requestPayout = (amount: number, key = newKey()) =>
      send(
        t.app,
        'POST',
        '/api/v1/blogger/payouts',
        bloggerAuth,
        { ...body, amount },
        { 'idempotency-key': key },
      );
    const small = await requestPayout(999);
    expect(small.statusCode).toBe(409);
    expect(j(small).error).toMatchObject({
      code: 'payout_below_minimum',
      message: 'Минимальная сумма вывода — 1\u00a0000 ₽',
    });
    const key = newKey();
    const ok = await requestPayout(1000, key);
    expect(ok.statusCode).toBe(201);
    expect(j(ok).result).toMatchObject({
      amount: 1000,
      status: 'pending',
      details_masked: 'Карта 4111 •••• 1111',
    });
    const replay = await requestPayout(1000, key);
    expect(replay.statusCode).toBe(200);
    const second = await requestPayout(1000);
    expect(second.statusCode).toBe(409);
    expect(j(second).error.code).toBe('payout_active_exists');
    const mine = await get<{
      active: { id: number } | null;
      saved_details: { details_masked: string } | null;
    }>(t.app, '/api/v1/blogger/payouts', bloggerAuth);
    expect(mine.active!.id).toBe(j(ok).result.id);
    expect(mine.saved_details!.details_masked).toBe('Карта 4111 •••• 1111');

    // A receipt link is https only: a script link is refused and the payout stays unpaid.
    const scripted = await send(t.app, 'POST', `/api/v1/admin/payouts/${mine.active!.id}/paid`, ownerAuth, {
      receipt_url: 'javascript:alert(1)',
    });
    expect(scripted.statusCode).toBe(400);
    const paid = await send(t.app, 'POST', `/api/v1/admin/payouts/${mine.active!.id}/paid`, ownerAuth, {});
    expect(paid.statusCode).toBe(200);
    expect(j(paid).result).toMatchObject({ status: 'paid', inn: makeInn('7707083893') });
    const dash = await get<BloggerDashboard>(t.app, '/api/v1/blogger', bloggerAuth);
    expect(dash.balance).toMatchObject({ available: 450, paid_total: 1000, pending_payout: 0 });

    const tooMuch = await send(t.app, 'POST', '/api/v1/blogger/convert-to-bonus', bloggerAuth, {
      amount: 451,
    });
    expect(tooMuch.statusCode).toBe(409);
    const converted = await send(t.app, 'POST', '/api/v1/blogger/convert-to-bonus', bloggerAuth, {
      amount: 450,
    });
    expect(j(converted).result).toMatchObject({
      converted: 450,
      bonus_balance: 450,
      blogger_available: 0,
    });
  });

  it('an approved blogger’s page opens from a suggestion for their name and shows their picks', async () => {
    const { product } = await order(t.app, await buyer(t.app), 5000);
    const set = await send(t.app, 'PUT', '/api/v1/blogger/picks', bloggerAuth, {
      items: [{ product_id: product.id, comment: 'Ношу сама' }],
    });
    expect(set.statusCode).toBe(200);
    const shopperAuth = await login(t.app);
    const suggest = await t.app.inject({
      url: '/api/v1/search-suggest?prefix=%D0%90%D0%BD%D0%BD%D0%B0%20%D0%9A',
    });
    const entry = suggest
      .json<{ result: { suggestions: { kind?: string; user_id?: number; text: string }[] } }>()
      .result.suggestions.find((s) => s.kind === 'user');
    expect(entry).toMatchObject({ text: 'Анна Кедова', user_id: bloggerUserId });
    const page = await get<PublicUser>(t.app, `/api/v1/users/${entry!.user_id}`, shopperAuth);
    expect(page).toMatchObject({ name: 'Анна Кедова', promo_code: promo, channel_url: APPLICATION.url });
    expect(page.picks).toHaveLength(1);
    expect(page.picks[0]).toMatchObject({ comment: 'Ношу сама', product: { id: product.id } });
  });

  it('reject with a reason and request changes reach the applicant', async () => {
    const a = await login(t.app);
    const b1 = await applyAs(a, `${promo}X`);
    const id = j(b1).result.id;
    const moderatorAuth = await staffMember('moderator');
    const changes = await send(t.app, 'POST', `/api/v1/admin/bloggers/${id}/request-changes`, moderatorAuth, {
      comment: 'Пришлите статистику',
    });
    expect(j(changes).result).toMatchObject({
      status: 'changes_requested',
      moderator_comment: 'Пришлите статистику',
    });
    const fixed = await applyAs(a, `${promo}X`, { method: 'PUT', followers: 15000 });
    expect(j(fixed).result).toMatchObject({ status: 'pending', followers: 15000 });
    const rejected = await send(t.app, 'POST', `/api/v1/admin/bloggers/${id}/reject`, ownerAuth, {
      reason: 'Мало подписчиков',
    });
    expect(j(rejected).result).toMatchObject({
      status: 'rejected',
      moderator_comment: 'Мало подписчиков',
    });
    expect(j(rejected).result.reapply_after).not.toBeNull();
    const again = await applyAs(a, `${promo}Y`);
    expect(again.statusCode).toBe(409);
  });
});

describe('concurrency', () => {
  it('20 concurrent spends of one balance never overdraw it', async () => {
    const b = (await invitedBuyer()).buyer;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => order(t.app, b, 1000, { bonus_amount: 120 })),
    );
    const codes = results.map((r) => r.res.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(4);
    expect(codes.filter((s) => s === 409)).toHaveLength(16);
    expect(await bonus(b)).toMatchObject({ balance: 20, held: 480 });
    // And paying them spends exactly what was held.
    for (const r of results.filter((x) => x.res.statusCode === 201))
      await payInSandbox(t.app, b, j(r.res).result.id);
    expect(await bonus(b)).toMatchObject({ balance: 20, held: 0 });
  });
});
