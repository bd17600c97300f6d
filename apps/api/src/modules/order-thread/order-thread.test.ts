// The question thread of an order (issue 27) over HTTP against a fake Bot API: a shopper asks from
// the order, every staff member who operates orders hears of it in the bot, the owner answers from
// the console, the answer reaches the shopper in the bot and in the order, and the shopper's reply
// to that bot message joins the same thread. Another shopper's order is a 404 either way.
import type { OrderMessage } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

const SECRET = 'webhook-secret_thread';
let fake: FakeBotApi;
let t: TestApp;
let buyer: Shopper;
let other: Shopper;
let orderId: number;
const owner = makeTelegramUser({ first_name: 'Ольга' });
let ownerAuth: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await buildTestApp(
    {
      adminTelegramIds: [owner.id],
      botApiRoot: fake.apiRoot,
      botCanSend: true,
      botWebhookSecret: SECRET,
      publicUrl: 'https://shop.example.test',
    },
    { bot: { outbox: { pollMs: 20 } } },
  );
  ownerAuth = await login(t.app, owner);
  buyer = await shopper(t.app);
  other = await shopper(t.app);
  ({ orderId } = await placeOrder(t.app, buyer));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const sentTo = (chatId: number) => fake.delivered().filter((c) => Number(c.body.chat_id) === chatId);

describe('order question thread', () => {
  it('a shopper asks from the order; the staff hear of it in the bot; bad input is a 400 in Russian', async () => {
    const empty = await call('POST', `/api/v1/order/${orderId}/messages`, buyer.authorization, {
      text: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { message: expect.stringContaining('Напишите вопрос') as string } });
    const long = await call('POST', `/api/v1/order/${orderId}/messages`, buyer.authorization, {
      text: 'я'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);

    const asked = await call('POST', `/api/v1/order/${orderId}/messages`, buyer.authorization, {
      text: 'Когда приедет заказ?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<{ result: OrderMessage }>().result).toMatchObject({
      author: 'shopper',
      via: 'app',
      text: 'Когда приедет заказ?',
    });
    const toOwner = await waitFor(
      () => sentTo(owner.id).find((c) => String(c.body.text).includes(`№${orderId}`)),
      'the owner told',
    );
    expect(toOwner.body.text).toBe(`Вопрос по заказу №${orderId}:\nКогда приедет заказ?`);
  });

  it("another shopper's order is a 404 to read and to ask", async () => {
    expect((await call('GET', `/api/v1/order/${orderId}/messages`, other.authorization)).statusCode).toBe(
      404,
    );
    const res = await call('POST', `/api/v1/order/${orderId}/messages`, other.authorization, {
      text: 'Привет',
    });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/order/999999/messages`, buyer.authorization)).statusCode).toBe(404);
  });

  it('the owner answers from the console: in the bot to the shopper, and in the order', async () => {
    const card = await call('GET', `/api/v1/admin/orders/${orderId}/messages`, ownerAuth);
    expect(card.json<{ result: OrderMessage[] }>().result.map((m) => m.text)).toEqual([
      'Когда приедет заказ?',
    ]);
    // A shopper is not staff.
    expect(
      (await call('POST', `/api/v1/admin/orders/${orderId}/messages`, buyer.authorization, { text: 'x' }))
        .statusCode,
    ).toBe(403);

    const answered = await call('POST', `/api/v1/admin/orders/${orderId}/messages`, ownerAuth, {
      text: 'Через 2–3 недели, трек пришлём.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const inBot = await waitFor(
      () => sentTo(buyer.user.id).find((c) => String(c.body.text).startsWith('Ответ магазина')),
      'the answer sent',
    );
    expect(inBot.body.text).toBe(
      `Ответ магазина по заказу №${orderId}:\nЧерез 2–3 недели, трек пришлём.\n\nЧтобы ответить, ответьте на это сообщение.`,
    );
    const thread = (await call('GET', `/api/v1/order/${orderId}/messages`, buyer.authorization)).json<{
      result: OrderMessage[];
    }>().result;
    expect(thread.map((m) => [m.author, m.via, m.text])).toEqual([
      ['shopper', 'app', 'Когда приедет заказ?'],
      ['staff', 'console', 'Через 2–3 недели, трек пришлём.'],
    ]);
  });

  it("the shopper's reply to the bot's answer joins the thread; a stray text gets the way to ask", async () => {
    const update = (fromId: number, text: string, repliedText?: string) => ({
      update_id: Math.floor(Math.random() * 1e9),
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: fromId, type: 'private', first_name: 'Анна' },
        from: { id: fromId, is_bot: false, first_name: 'Анна' },
        text,
        ...(repliedText
          ? {
              reply_to_message: {
                message_id: 2,
                date: 1,
                chat: { id: fromId, type: 'private' },
                text: repliedText,
              },
            }
          : {}),
      },
    });
    const before = sentTo(buyer.user.id).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: update(buyer.user.id, 'Спасибо! А можно быстрее?', `Ответ магазина по заказу №${orderId}:\n…`),
    });
    expect(res.statusCode).toBe(200);
    expect(
      sentTo(buyer.user.id)
        .slice(before)
        .map((c) => c.body.text),
    ).toEqual(['Передали ваш вопрос магазину. Ответ придёт сюда и в заказ.']);
    const thread = (await call('GET', `/api/v1/admin/orders/${orderId}/messages`, ownerAuth)).json<{
      result: OrderMessage[];
    }>().result;
    expect(thread.at(-1)).toMatchObject({ author: 'shopper', via: 'bot', text: 'Спасибо! А можно быстрее?' });

    // A shopper with no thread: the bot says how to ask.
    const beforeOther = sentTo(other.user.id).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: update(other.user.id, 'Где мой заказ?'),
    });
    expect(
      sentTo(other.user.id)
        .slice(beforeOther)
        .map((c) => c.body.text),
    ).toEqual(['Чтобы задать вопрос, откройте заказ в магазине и нажмите «Задать вопрос по заказу».']);
    // Naming someone else's order in a forged reply reaches nothing.
    const forged = (await call('GET', `/api/v1/admin/orders/${orderId}/messages`, ownerAuth)).json<{
      result: OrderMessage[];
    }>().result.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: update(other.user.id, 'Чужой заказ', `Ответ магазина по заказу №${orderId}:`),
    });
    expect(
      (await call('GET', `/api/v1/admin/orders/${orderId}/messages`, ownerAuth)).json<{
        result: OrderMessage[];
      }>().result.length,
    ).toBe(forged);
  });
});
