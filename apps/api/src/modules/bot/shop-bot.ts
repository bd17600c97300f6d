// The shop's Telegram bot (grammY, docs/product.md §12.4): sends the outbox's messages and answers /start.
// It talks to BOT_API_ROOT, so tests point it at a local fake Bot API.
import { DEFAULT_BOT_USERNAME } from '@shop/contract';
import { Bot, type Context } from 'grammy';
import type { InlineQueryResult, PreparedInlineMessage, UserFromGetMe } from 'grammy/types';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, users } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { ORDER_BUTTON_TEXT, orderStatusText, SHOP_BUTTON_TEXT } from '../notifications/index.ts';
import { markChatReachable } from '../notifications/index.ts';
import type { OutgoingMessage } from '../notifications/index.ts';
import { askFromBot } from '../order-thread/index.ts';
import { setBotMayWrite } from '../auth/index.ts';

type InlineKeyboard = { inline_keyboard: { text: string; web_app: { url: string } }[][] };

/** Telegram only opens Mini Apps over HTTPS; without a public https origin no button is added. */
const webAppButton = (env: Env, text: string, path: string): InlineKeyboard | undefined =>
  env.publicUrl?.startsWith('https://')
    ? { inline_keyboard: [[{ text, web_app: { url: `${env.publicUrl}${path}` } }]] }
    : undefined;

export type ShopBot = {
  bot: Bot;
  send(message: OutgoingMessage): Promise<void>;
  /** Points the chat menu button at the shop (start-up, best effort). */
  setMenuButton(): Promise<void>;
  /** A card the shopper can send from the Mini App (Bot API 8.0 savePreparedInlineMessage). */
  prepareShare(telegramUserId: number, card: InlineQueryResult): Promise<PreparedInlineMessage>;
};

export function createShopBot(env: Env, db: Database, { timeoutSeconds = 10 } = {}): ShopBot {
  const botId = Number(env.botToken.split(':')[0]) || 1;
  // Given up front so that handling a webhook update never has to call getMe first.
  const botInfo = {
    id: botId,
    is_bot: true,
    first_name: 'Магазин',
    username: env.botUsername ?? DEFAULT_BOT_USERNAME,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
  } as UserFromGetMe;
  const bot = new Bot(env.botToken, { botInfo, client: { apiRoot: env.botApiRoot, timeoutSeconds } });

  bot.command('start', async (ctx: Context) => {
    const chatId = ctx.chat?.id;
    const from = ctx.from;
    if (!chatId || !from) return;
    await markChatReachable(db, chatId);
    await setBotMayWrite(db, from.id, true);
    const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    const orderMatch = /^order_(\d{1,10})$/.exec(payload);
    if (orderMatch) {
      const orderId = Number(orderMatch[1]);
      const [order] = await db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.id, orderId), eq(users.telegramId, from.id)));
      if (!order) {
        await ctx.reply('Заказ не найден.');
        return;
      }
      const keyboard = webAppButton(env, ORDER_BUTTON_TEXT, `/orders/details/${order.id}`);
      await ctx.reply(orderStatusText(order.id, order.status), keyboard ? { reply_markup: keyboard } : {});
      return;
    }
    const keyboard = webAppButton(env, SHOP_BUTTON_TEXT, '/');
    await ctx.reply(
      'Здравствуйте! Это магазин одежды, обуви и аксессуаров. Здесь же придут сообщения о ваших заказах.',
      keyboard ? { reply_markup: keyboard } : {},
    );
  });

  // A shopper's text (issue 27): a question about the order named by the bot message it replies to
  // («Ответ магазина по заказу №N»), or the order whose thread they wrote in last; it joins the
  // thread and reaches the staff. Anything else gets the way to ask.
  bot.on('message:text', async (ctx) => {
    const from = ctx.from;
    const text = ctx.message.text;
    if (!from || ctx.chat.type !== 'private' || text.startsWith('/')) return;
    await markChatReachable(db, ctx.chat.id);
    await setBotMayWrite(db, from.id, true);
    const message = await askFromBot(db, from.id, text, ctx.message.reply_to_message?.text);
    await ctx.reply(
      message
        ? 'Передали ваш вопрос магазину. Ответ придёт сюда и в заказ.'
        : 'Чтобы задать вопрос, откройте заказ в магазине и нажмите «Задать вопрос по заказу».',
    );
  });

  // The shopper allowed the bot to write to them: Telegram's prompt the app asked for after an
  // order (requestWriteAccess, docs/decisions/068), a login on a site, or a Mini App from the
  // attachment menu. Telegram sends it as a service message in the private chat.
  bot.on('message:write_access_allowed', async (ctx) => {
    const from = ctx.from;
    if (!from || ctx.chat.type !== 'private') return;
    await markChatReachable(db, ctx.chat.id);
    await setBotMayWrite(db, from.id, true);
  });

  // The shopper blocked the bot (`kicked`) or unblocked it (`member`) in their private chat: whether
  // it may write to them follows (docs/decisions/063). Telegram sends this update only when the
  // webhook's allowed_updates include `my_chat_member` (the default list does).
  bot.on('my_chat_member', async (ctx) => {
    const update = ctx.myChatMember;
    if (update.chat.type !== 'private') return;
    const status = update.new_chat_member.status;
    if (status === 'kicked') await setBotMayWrite(db, update.from.id, false);
    else if (status === 'member') {
      await markChatReachable(db, update.chat.id);
      await setBotMayWrite(db, update.from.id, true);
    }
  });

  return {
    bot,
    async send({ chatId, text, orderId, button }) {
      const keyboard = button
        ? webAppButton(env, button.text, button.path)
        : orderId === null
          ? undefined
          : webAppButton(env, ORDER_BUTTON_TEXT, `/orders/details/${orderId}`);
      await bot.api.sendMessage(chatId, text, keyboard ? { reply_markup: keyboard } : {});
    },
    prepareShare: (telegramUserId, card) =>
      // Anywhere a person reads it: private chats, groups and channels, not other bots.
      bot.api.savePreparedInlineMessage(telegramUserId, card, {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      }),
    async setMenuButton() {
      if (!env.publicUrl?.startsWith('https://')) return;
      await bot.api.setChatMenuButton({
        menu_button: { type: 'web_app', text: 'Магазин', web_app: { url: `${env.publicUrl}/` } },
      });
    },
  };
}
