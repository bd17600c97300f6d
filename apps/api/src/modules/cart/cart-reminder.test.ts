// The abandoned-cart reminder (DESIGN §13) against the real database, with the job's clock moved by
// hand (no sleeps): one bot message 24 h after the cart's last change, none to a shopper who did
// not let the bot write to them (`allows_write_to_pm` at sign-in; the bot's own paths are in
// bot/bot-may-write.test.ts) or for an empty cart, never twice for the same cart; a cart emptied and filled
// again is a new cart with its own one reminder.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { remindAbandonedCarts } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;

const reminders = (chatId: number) =>
  t.app.db
    .select({ text: notifications.text, replyMarkup: notifications.replyMarkup })
    .from(notifications)
    .where(and(eq(notifications.chatId, chatId), eq(notifications.kind, 'cart.reminder')));

/** The job's passes at `now` until it finds nothing more (as the runner does). */
async function remindAt(now: Date) {
  let n = 0;
  for (let done = await remindAbandonedCarts(t.app.db, now); done > 0; done = await remindAbandonedCarts(t.app.db, now))
    n += done;
  return n;
}

/** Moves a cart's last change back (the change's time is the database's own). */
const changedHoursAgo = (telegramId: number, hours: number) =>
  t.app.db.execute(sql`update cart_activity set changed_at = now() - make_interval(hours => ${hours})
    where user_id = (select id from users where telegram_id = ${telegramId})`);

async function shopperWithCart(user = makeTelegramUser({ allows_write_to_pm: true })) {
  const authorization = await login(t.app, user);
  const { product, variants } = await insertProduct(t.app.db, {
    variants: [
      { price: 2490, qty: 5 },
      { price: 990, qty: 5 },
    ],
  });
  const add = (variantId: number, quantity = 1) =>
    call('POST', '/api/v1/cart', authorization, { product_id: product.id, variant_id: variantId, quantity });
  return { user, authorization, product, variants, add };
}

describe('abandoned-cart reminder', () => {
  it('one reminder 24 h after the last change, with the basket button; never a second for the same cart', async () => {
    const s = await shopperWithCart();
    expect((await s.add(s.variants[0]!.id, 2)).statusCode).toBe(200);
    expect((await s.add(s.variants[1]!.id)).statusCode).toBe(200);

    await remindAt(at(23));
    expect(await reminders(s.user.id)).toEqual([]);
    await remindAt(at(25));
    expect(await reminders(s.user.id)).toEqual([
      {
        text: `В корзине ждут 3 товара на ${rub(2 * 2490 + 990)}. Оформите заказ, пока они в наличии.`,
        replyMarkup: { text: 'Открыть корзину', path: '/basket' },
      },
    ]);
    await remindAt(at(26));
    // A change of the same cart (a quantity) starts no second reminder.
    expect((await call('PATCH', `/api/v1/cart/${s.variants[1]!.id}`, s.authorization, { quantity: 2 })).statusCode).toBe(200);
    await remindAt(at(60));
    expect(await reminders(s.user.id)).toHaveLength(1);

    // Emptied and filled again: a new cart, which gets its own one reminder.
    await call('DELETE', `/api/v1/cart/${s.variants[0]!.id}`, s.authorization);
    await call('DELETE', `/api/v1/cart/${s.variants[1]!.id}`, s.authorization);
    expect((await s.add(s.variants[1]!.id)).statusCode).toBe(200);
    await remindAt(at(23));
    expect(await reminders(s.user.id)).toHaveLength(1);
    await remindAt(at(25));
    expect((await reminders(s.user.id)).map((r) => r.text)).toEqual([
      `В корзине ждут 3 товара на ${rub(2 * 2490 + 990)}. Оформите заказ, пока они в наличии.`,
      `В корзине ждут 1 товар на ${rub(990)}. Оформите заказ, пока они в наличии.`,
    ]);
  });

  it('each change restarts the 24 h', async () => {
    const s = await shopperWithCart();
    await s.add(s.variants[0]!.id);
    // Changed 20 h ago; the job's clock runs 5 h ahead: 25 h, due.
    await changedHoursAgo(s.user.id, 20);
    await remindAt(at(5));
    expect(await reminders(s.user.id)).toHaveLength(1);
    const t2 = await shopperWithCart();
    await t2.add(t2.variants[0]!.id);
    await changedHoursAgo(t2.user.id, 20);
    await t2.add(t2.variants[1]!.id);
    await remindAt(at(5));
    expect(await reminders(t2.user.id)).toEqual([]);
  });

  it('nothing to a shopper who did not let the bot write, nor for an emptied cart', async () => {
    const blocked = await shopperWithCart(makeTelegramUser());
    await blocked.add(blocked.variants[0]!.id);
    const emptied = await shopperWithCart();
    await emptied.add(emptied.variants[0]!.id);
    await call('DELETE', `/api/v1/cart/${emptied.variants[0]!.id}`, emptied.authorization);
    await remindAt(at(30));
    expect(await reminders(blocked.user.id)).toEqual([]);
    expect(await reminders(emptied.user.id)).toEqual([]);
  });
});
