// Whether the bot may write to a shopper (docs/decisions/063), through each way Telegram tells it,
// against the real database and a fake Bot API: `allows_write_to_pm` at sign-in, a /start, the bot
// blocked and unblocked (`my_chat_member`), a send refused with 403, Telegram's «allow messages»
// prompt answered in the app (the bot's `write_access_allowed`, POST /profile/write-access,
// docs/decisions/068); the console's customers say who does not get messages; and the
// abandoned-cart reminder, which goes only while it is allowed.
import type { AdminCustomer, AdminCustomerList, Profile } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { buildTestApp, callAs, login, makeTelegramUser, TEST_BOT_TOKEN, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { insertProduct } from '../../test/fixtures.ts';
import type { TelegramUser } from '../auth/init-data.ts';
import { remindAbandonedCarts } from '../cart/index.ts';

const SECRET = 'webhook-secret_may-write';
const BOT_ID = Number(TEST_BOT_TOKEN.split(':')[0]);

const owner = makeTelegramUser();
let fake: FakeBotApi;
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await buildTestApp(
    { botApiRoot: fake.apiRoot, botCanSend: true, botWebhookSecret: SECRET, adminTelegramIds: [owner.id] },
    { bot: { outbox: { pollMs: 20 } } },
  );
  ownerAuth = await login(t.app, owner);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const mayWrite = async (telegramId: number) => {
  const [row] = await t.app.db
    .select({ botMayWrite: users.botMayWrite })
    .from(users)
    .where(eq(users.telegramId, telegramId));
  return row?.botMayWrite;
};

let updateId = 5000;
const webhook = async (update: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bot/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: ++updateId, ...update },
  });
  expect(res.statusCode).toBe(200);
};
const person = (u: TelegramUser) => ({ id: u.id, is_bot: false, first_name: u.first_name });
const start = (u: TelegramUser) =>
  webhook({
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: u.id, type: 'private', first_name: u.first_name },
      from: person(u),
      text: '/start',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  });
/** The shopper blocked (`kicked`) or unblocked (`member`) the bot in their private chat. */
const chatMember = (u: TelegramUser, from: 'member' | 'kicked', to: 'member' | 'kicked') =>
  webhook({
    my_chat_member: {
      chat: { id: u.id, type: 'private', first_name: u.first_name },
      from: person(u),
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: { id: BOT_ID, is_bot: true, first_name: 'Магазин' }, status: from },
      new_chat_member: {
        user: { id: BOT_ID, is_bot: true, first_name: 'Магазин' },
        status: to,
        ...(to === 'kicked' ? { until_date: 0 } : {}),
      },
    },
  });

/** Telegram's service message: the shopper allowed the bot to write (the app's prompt). */
const writeAccessAllowed = (u: TelegramUser) =>
  webhook({
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: u.id, type: 'private', first_name: u.first_name },
      from: person(u),
      write_access_allowed: { from_request: true },
    },
  });

/** A shopper with one line in the cart, changed 25 h ago: due for the reminder. */
async function withStaleCart(user: TelegramUser) {
  const authorization = await login(t.app, user);
  const { product, variants } = await insertProduct(t.app.db, { variants: [{ price: 1490, qty: 3 }] });
  const added = await callAs(t.app)('POST', '/api/v1/cart', authorization, {
    product_id: product.id,
    variant_id: variants[0]!.id,
    quantity: 1,
  });
  expect(added.statusCode).toBe(200);
  await t.app.db.execute(sql`update cart_activity set changed_at = now() - interval '25 hours'
    where user_id = (select id from users where telegram_id = ${user.id})`);
}
const reminders = (chatId: number) =>
  t.app.db
    .select({ status: notifications.status, lastError: notifications.lastError })
    .from(notifications)
    .where(and(eq(notifications.chatId, chatId), eq(notifications.kind, 'cart.reminder')));
async function remindNow() {
  while ((await remindAbandonedCarts(t.app.db, new Date())) > 0);
}

describe('the bot may write to a shopper', () => {
  it('at sign-in, as `allows_write_to_pm` says; a later sign-in without it takes nothing away', async () => {
    const allowing = makeTelegramUser({ allows_write_to_pm: true });
    const silent = makeTelegramUser();
    const refusing = makeTelegramUser({ allows_write_to_pm: false });
    await login(t.app, allowing);
    await login(t.app, silent);
    await login(t.app, refusing);
    expect([await mayWrite(allowing.id), await mayWrite(silent.id), await mayWrite(refusing.id)]).toEqual([
      true,
      false,
      false,
    ]);
    await login(t.app, { ...allowing, allows_write_to_pm: undefined });
    expect(await mayWrite(allowing.id)).toBe(true);
    await login(t.app, { ...silent, allows_write_to_pm: true });
    expect(await mayWrite(silent.id)).toBe(true);
  });

  it('after a /start; no longer once the shopper blocks the bot; again once they unblock it', async () => {
    const u = makeTelegramUser();
    await login(t.app, u);
    expect(await mayWrite(u.id)).toBe(false);
    await start(u);
    expect(await mayWrite(u.id)).toBe(true);
    await chatMember(u, 'member', 'kicked');
    expect(await mayWrite(u.id)).toBe(false);
    await chatMember(u, 'kicked', 'member');
    expect(await mayWrite(u.id)).toBe(true);
  });

  it("after Telegram's «allow messages» prompt: the bot's `write_access_allowed`, or the app's word", async () => {
    const viaBot = makeTelegramUser();
    const viaApp = makeTelegramUser();
    await login(t.app, viaBot);
    const appAuth = await login(t.app, viaApp);
    await writeAccessAllowed(viaBot);
    expect(await mayWrite(viaBot.id)).toBe(true);
    // No reply in the chat: the shopper only pressed «Allow».
    expect(fake.calls.filter((c) => Number(c.body.chat_id) === viaBot.id)).toEqual([]);

    const profile = async () =>
      (await callAs(t.app)('GET', '/api/v1/profile', appAuth)).json<{ result: Profile }>().result.bot_may_write;
    expect(await profile()).toBe(false);
    const refused = await callAs(t.app)('POST', '/api/v1/profile/write-access', appAuth, { status: 'rejected' });
    expect(refused.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/write-access',
      payload: { status: 'allowed' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await mayWrite(viaApp.id)).toBe(false);
    const allowed = await callAs(t.app)('POST', '/api/v1/profile/write-access', appAuth, { status: 'allowed' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({ result: { bot_may_write: true } });
    expect(await profile()).toBe(true);
    expect(await mayWrite(viaApp.id)).toBe(true);
  });

  it('the console marks a customer the bot may not write to, in the list and on the card', async () => {
    const silent = makeTelegramUser({ username: `silent_${Date.now()}` });
    const allowing = makeTelegramUser({ username: `allowing_${Date.now()}`, allows_write_to_pm: true });
    await login(t.app, silent);
    await login(t.app, allowing);
    const row = async (username: string) => {
      const res = await callAs(t.app)('GET', `/api/v1/admin/customers?q=@${username}`, ownerAuth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: AdminCustomerList }>().result.customers[0]!;
    };
    expect((await row(silent.username!)).bot_may_write).toBe(false);
    expect((await row(allowing.username!)).bot_may_write).toBe(true);
    await start(silent);
    const { id } = await row(silent.username!);
    const card = await callAs(t.app)('GET', `/api/v1/admin/customers/${id}`, ownerAuth);
    expect(card.json<{ result: AdminCustomer }>().result.bot_may_write).toBe(true);
  });

  it('the cart reminder goes only while allowed; a 403 on a send takes the permission away', async () => {
    const allowed = makeTelegramUser({ allows_write_to_pm: true });
    const neverAsked = makeTelegramUser();
    const blocked = makeTelegramUser({ allows_write_to_pm: true });
    const blockedLater = makeTelegramUser({ allows_write_to_pm: true });
    for (const u of [allowed, neverAsked, blocked, blockedLater]) await withStaleCart(u);
    await chatMember(blocked, 'member', 'kicked');
    // Blocked without the bot hearing of it: Telegram refuses the send.
    fake.failNext([{ kind: '403' }], { method: 'sendMessage', chatId: blockedLater.id });

    await remindNow();
    expect(await reminders(neverAsked.id)).toEqual([]);
    expect(await reminders(blocked.id)).toEqual([]);
    const sent = await waitFor(
      async () => ((await reminders(allowed.id))[0]?.status === 'sent' ? fake.delivered() : undefined),
      'the reminder delivered',
      15_000,
    );
    expect(sent.filter((c) => Number(c.body.chat_id) === allowed.id).map((c) => c.body.text)).toEqual([
      `В корзине ждут 1 товар на ${(1490).toLocaleString('ru-RU')} ₽. Оформите заказ, пока они в наличии.`,
    ]);
    await waitFor(
      async () => (await reminders(blockedLater.id))[0]?.status === 'skipped',
      'the refused reminder recorded',
      15_000,
    );
    expect(await reminders(blockedLater.id)).toEqual([
      { status: 'skipped', lastError: expect.stringMatching(/^403: Forbidden: bot was blocked by the user/) as string },
    ]);
    expect(await mayWrite(blockedLater.id)).toBe(false);
    expect(await mayWrite(allowed.id)).toBe(true);
  });
});
