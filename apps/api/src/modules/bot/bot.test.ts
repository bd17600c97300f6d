// The bot's webhook (/start, /start order_<id>) against a fake Bot API, and the dev rule that
// without a BOT_TOKEN from the environment messages wait in the outbox unsent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { placeAndPay, shopper, type Shopper } from '../../test/console-kit.ts';

const SECRET = 'webhook-secret_123';
const PUBLIC_URL = 'https://shop.example.test';

let fake: FakeBotApi;
let t: TestApp;
let buyer: Shopper;
let orderId: number;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await buildTestApp(
    { botApiRoot: fake.apiRoot, botCanSend: true, botWebhookSecret: SECRET, publicUrl: PUBLIC_URL },
    { bot: { outbox: { pollMs: 20 } } },
  );
  buyer = await shopper(t.app);
  ({ orderId } = await placeAndPay(t.app, buyer));
  // The payment queued a message to the buyer; let the outbox send it now, so that it cannot
  // arrive in the middle of a test that counts the bot's replies (it did on a loaded machine).
  await waitFor(
    async () =>
      (await t.app.db.select().from(notifications)).every(
        (n) => n.status !== 'pending' && n.status !== 'retry',
      ),
    'the outbox drained',
    15_000,
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let updateId = 1000;
const startUpdate = (fromId: number, text: string) => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: 'private', first_name: 'Анна' },
    from: { id: fromId, is_bot: false, first_name: 'Анна' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
});

const webhook = (body: object, secret?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bot/webhook',
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: body,
  });

/** Messages to `chatId` sent while `during` ran (the webhook answers before it returns). */
async function repliesDuring(chatId: number, during: () => Promise<unknown>) {
  const before = fake.delivered().length;
  await during();
  return fake
    .delivered()
    .slice(before)
    .filter((c) => Number(c.body.chat_id) === chatId);
}

type Keyboard = { inline_keyboard: { text: string; web_app: { url: string } }[][] };

describe('bot webhook', () => {
  it('refuses updates without the secret token', async () => {
    const none = await webhook(startUpdate(buyer.user.id, '/start'));
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await webhook(startUpdate(buyer.user.id, '/start'), 'wrong')).statusCode).toBe(403);
  });

  it('/start greets with an «Открыть магазин» button', async () => {
    let status = 0;
    const [reply, ...more] = await repliesDuring(buyer.user.id, async () => {
      status = (await webhook(startUpdate(buyer.user.id, '/start'), SECRET)).statusCode;
    });
    expect(status).toBe(200);
    expect(more).toHaveLength(0);
    expect(String(reply!.body.text)).toMatch(/^Здравствуйте!/);
    expect((reply!.body.reply_markup as Keyboard).inline_keyboard[0]![0]).toEqual({
      text: 'Открыть магазин',
      web_app: { url: `${PUBLIC_URL}/` },
    });
  });

  it('/start order_<id> answers with that order, only to its owner', async () => {
    const [mine] = await repliesDuring(buyer.user.id, () =>
      webhook(startUpdate(buyer.user.id, `/start order_${orderId}`), SECRET),
    );
    expect(mine!.body.text).toBe(`Заказ №${orderId} оплачен. Спасибо! Мы начинаем выкуп.`);
    expect((mine!.body.reply_markup as Keyboard).inline_keyboard[0]![0]!.web_app.url).toBe(
      `${PUBLIC_URL}/orders/details/${orderId}`,
    );

    const stranger = 777_000_001;
    const theirs = await repliesDuring(stranger, () =>
      webhook(startUpdate(stranger, `/start order_${orderId}`), SECRET),
    );
    expect(theirs.map((c) => c.body.text)).toEqual(['Заказ не найден.']);
  });

  it('sets the menu button to open the shop', async () => {
    const call = await waitFor(
      () => fake.calls.find((c) => c.method === 'setChatMenuButton'),
      'setChatMenuButton',
    );
    expect(call.body).toEqual({
      menu_button: { type: 'web_app', text: 'Магазин', web_app: { url: `${PUBLIC_URL}/` } },
    });
  });
});

describe('without a BOT_TOKEN from the environment', () => {
  it('messages stay in the outbox, not sent', async () => {
    const quiet = await startFakeBotApi();
    const dev = await buildTestApp(
      { botApiRoot: quiet.apiRoot, botCanSend: false },
      { bot: { outbox: { pollMs: 10 } } },
    );
    try {
      const s = await shopper(dev.app);
      const paid = await placeAndPay(dev.app, s);
      // No worker exists to send them (rather than waiting a while to see nothing sent).
      expect(dev.app.outboxWorker).toBeUndefined();
      const rows = await dev.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.orderId, paid.orderId));
      expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([['order.paid', 'pending', 0]]);
      expect(quiet.calls).toHaveLength(0);
    } finally {
      await dev.close();
      await quiet.close();
    }
  });
});
