// The bonus expiry job (docs/product.md §13.3): burns what is left of lots past their expiry and,
// seven days before, tells the shopper by bot once per lot. Both claim rows with
// `FOR UPDATE SKIP LOCKED`, so several API instances running it do each piece once.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { bonusLedger, users } from '../../db/schema/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { expireLots } from './bonus-ledger.ts';

const WARN_DAYS = 7;

const dayMonth = (d: Date) =>
  d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' });

export const expiryWarningText = (amount: number, date: Date) =>
  `У вас сгорит ${amount.toLocaleString('ru-RU')} бонусов ${dayMonth(date)}. Оплатите ими до 30 % следующего заказа, пока они действуют.`;

/** Queues the 7-day warning for lots expiring within the week that still hold something. */
export async function warnExpiringLots(db: Database, now: Date, batch = 100): Promise<number> {
  let warned = 0;
  while (warned < batch) {
    const done = await db.transaction(async (tx) => {
      const [lot] = await queryRows<{
        id: number;
        user_id: number;
        expires_at: Date | string;
        remaining: string | number;
      }>(
        tx,
        sql`select c.id, c.user_id, c.expires_at,
                   c.amount + coalesce((select sum(d.amount) from bonus_ledger d
                                        where d.lot_id = c.id and d.status in ('held', 'spent', 'done')), 0) as remaining
            from bonus_ledger c
            where c.amount > 0 and c.status = 'available' and c.warned_at is null
              and c.expires_at > ${now.toISOString()}
              and c.expires_at <= ${new Date(now.getTime() + WARN_DAYS * 86_400_000).toISOString()}
            order by c.expires_at, c.id limit 1
            for update skip locked`,
      );
      if (!lot) return false;
      await tx
        .update(bonusLedger)
        .set({ warnedAt: sql`now()` })
        .where(eq(bonusLedger.id, Number(lot.id)));
      const remaining = Number(lot.remaining);
      if (remaining <= 0) return true;
      const [user] = await tx
        .select({ chatId: users.telegramId })
        .from(users)
        .where(eq(users.id, Number(lot.user_id)));
      if (user) {
        await enqueueNotification(tx, {
          kind: 'bonus.expiring',
          dedupeKey: `bonus:${lot.id}:expiring`,
          chatId: user.chatId,
          userId: Number(lot.user_id),
          text: expiryWarningText(remaining, new Date(lot.expires_at)),
        });
      }
      return true;
    });
    if (!done) break;
    warned += 1;
  }
  return warned;
}

/** Runs warnings and burns every `everyMs` on an unref'd timer; returns a stop function. */
/** One pass of the `bonus_expiry` job (background-jobs.ts): the 7-day warnings, then the burns. */
export async function bonusExpiryPass(
  db: Database,
  log: { info(obj: unknown, msg: string): void },
): Promise<void> {
  const now = new Date();
  const warned = await warnExpiringLots(db, now);
  const burnt = await expireLots(db, now);
  if (warned + burnt > 0) log.info({ warned, burnt }, 'bonus expiry: lots warned and burnt');
}
