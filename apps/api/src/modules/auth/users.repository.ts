import { eq, getTableColumns, sql } from 'drizzle-orm';
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
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.telegramId, set: { ...values, updatedAt: sql`now()` } })
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('user upsert returned nothing');
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
