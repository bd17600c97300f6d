import { bigint, boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Shoppers, one per Telegram account. Telegram ids need 52 bits, hence BIGINT. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  languageCode: text('language_code'),
  photoUrl: text('photo_url'),
  isPremium: boolean('is_premium').notNull().default(false),
  /**
   * The shopper let the bot write to them, as Telegram last said (docs/decisions/063): set by
   * `allows_write_to_pm` at sign-in, /start, unblocking; cleared by blocking or a 403 on a send.
   * Written by modules/auth only; unasked-for messages (cart reminder, price drop) need it.
   */
  botMayWrite: boolean('bot_may_write').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
