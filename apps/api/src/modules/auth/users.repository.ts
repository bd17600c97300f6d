import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { TelegramUser } from './init-data.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * Creates the shopper on first sign-in and refreshes their Telegram profile on every later one;
 * `created` tells the two apart (the inserted row version has no xmax).
 */
export async function upsertTelegramUser(
  db: Database,
  tg: TelegramUser,
): Promise<UserRow & { created: boolean }> {
  const values = {
    telegramId: tg.id,
    firstName: tg.first_name,
    lastName: tg.last_name ?? null,
    username: tg.username ?? null,
    languageCode: tg.language_code ?? null,
    photoUrl: tg.photo_url ?? null,
    isPremium: tg.is_premium ?? false,
  };
  // `allows_write_to_pm: true` grants; its absence or `false` takes nothing away: Telegram leaves it
  // out in some launch modes, and a /start counts as much (a block arrives as `my_chat_member`).
  const allowed = tg.allows_write_to_pm === true;
  const [row] = await db
    .insert(users)
    .values({ ...values, botMayWrite: allowed })
    .onConflictDoUpdate({
      target: users.telegramId,
      set: { ...values, ...(allowed ? { botMayWrite: true } : {}), updatedAt: sql`now()` },
    })
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('user upsert returned nothing');
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * What Telegram said about the bot writing to this Telegram account (docs/decisions/063): a /start or
 * an unblock grants, a block or a send refused with 403 takes away. No shopper row: nothing to keep
 * (their sign-in brings `allows_write_to_pm`).
 */
export async function setBotMayWrite(db: Database, telegramId: number, allowed: boolean): Promise<void> {
  await db
    .update(users)
    .set({ botMayWrite: allowed })
    .where(and(eq(users.telegramId, telegramId), ne(users.botMayWrite, allowed)));
}
