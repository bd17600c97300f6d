// POST /api/v1/share/prepare against a fake Bot API: the bot prepares a product or an invite card
// for the signed-in shopper (savePreparedInlineMessage) with the link of the plain share (BOT_USERNAME,
// APP_NAME, the shopper's invite code), and answers the prepared message's id; no real bot or a
// refusal by Telegram tells the app to share the link instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { insertProduct } from '../../test/fixtures.ts';

const PUBLIC_URL = 'https://shop.example.test';

let fake: FakeBotApi;
let t: TestApp;
let authorization: string;
const user = makeTelegramUser();
let productId: number;
let product: { id: number; imageSrc: string | null };

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await buildTestApp({
    botApiRoot: fake.apiRoot,
    botCanSend: true,
    publicUrl: PUBLIC_URL,
    botUsername: 'real_shop_bot',
    appName: 'store',
  });
  authorization = await login(t.app, user);
  ({ product } = await insertProduct(t.app.db, {
    title: 'Кроссовки для карточки',
    variants: [{ price: 1490 }],
  }));
  productId = product.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const prepare = (payload: object, auth = authorization) =>
  t.app.inject({ method: 'POST', url: '/api/v1/share/prepare', headers: { authorization: auth }, payload });

const prepared = () => fake.calls.filter((c) => c.method === 'savePreparedInlineMessage');

describe('POST /api/v1/share/prepare', () => {
  it('prepares a product card for the shopper and answers its id', async () => {
    const before = prepared().length;
    const res = await prepare({ kind: 'product', product_id: productId });
    expect(res.statusCode).toBe(200);
    const { result } = res.json<{ result: { id: string; expires_at: string } }>();
    expect(result.id).toMatch(/^prepared-\d+$/);
    expect(Date.parse(result.expires_at)).toBeGreaterThan(Date.now());

    const calls = prepared().slice(before);
    expect(calls).toHaveLength(1);
    const { body } = calls[0]!;
    expect(body.user_id).toBe(user.id);
    expect(body).toMatchObject({
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    const card = body.result as {
      type: string;
      title: string;
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: { text: string; url: string }[][] };
    };
    expect(card.type).toBe('article');
    expect(card.title).toBe('Кроссовки для карточки');
    expect(card.input_message_content.message_text).toBe('Кроссовки для карточки\nот 1\u00a0490 ₽');
    // The picture, at the shop's public address, is the message's large preview.
    expect(card.input_message_content).toMatchObject({
      link_preview_options: {
        url: `${PUBLIC_URL}${product.imageSrc}`,
        prefer_large_media: true,
        show_above_text: true,
      },
    });
    // The same link as the plain share: the one bot setting, the product and the sharer's invite.
    const button = card.reply_markup.inline_keyboard[0]![0]!;
    expect(button.text).toBe('Открыть в магазине');
    expect(button.url).toMatch(
      new RegExp(`^https://t\\.me/real_shop_bot/store\\?startapp=productId_${productId}__ref_[A-Za-z0-9]+$`),
    );
  });

  it('prepares an invite card with the invite link', async () => {
    const before = prepared().length;
    const res = await prepare({ kind: 'invite' });
    expect(res.statusCode).toBe(200);
    const card = prepared().slice(before)[0]!.body.result as {
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: { url: string }[][] };
    };
    expect(card.input_message_content.message_text).toMatch(/^Дарю .* ₽ на первый заказ/);
    expect(card.reply_markup.inline_keyboard[0]![0]!.url).toMatch(
      /^https:\/\/t\.me\/real_shop_bot\/store\?startapp=ref_[A-Za-z0-9]+$/,
    );
  });

  it('refuses an unknown product and a bad body in Russian, and asks nothing of Telegram', async () => {
    const before = prepared().length;
    const missing = await prepare({ kind: 'product', product_id: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found', message: 'Товар не найден' } });
    const bad = await prepare({ kind: 'story' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/[а-я]/);
    expect(prepared().length).toBe(before);
  });

  it('answers 502 when Telegram refuses, so the app shares the link', async () => {
    fake.failNext([{ kind: '500' }], { method: 'savePreparedInlineMessage' });
    const res = await prepare({ kind: 'invite' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: { code: 'bad_gateway' } });
  });

  it('needs a signed-in shopper', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/share/prepare',
      payload: { kind: 'invite' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('without a real bot (no BOT_TOKEN)', () => {
  it('answers 503 without calling Telegram', async () => {
    const dev = await buildTestApp({ botApiRoot: fake.apiRoot, botCanSend: false });
    try {
      const before = fake.calls.length;
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/v1/share/prepare',
        headers: { authorization: await login(dev.app) },
        payload: { kind: 'invite' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'service_unavailable' } });
      expect(fake.calls.length).toBe(before);
    } finally {
      await dev.close();
    }
  });
});
