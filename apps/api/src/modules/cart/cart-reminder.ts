// The abandoned-cart reminder (DESIGN §13, docs/product.md §12.4): one bot message 24 hours after a
// cart's last change (`cart_activity.changed_at`, kept by touchCart), only to shoppers who let the
// bot write to them (`users.bot_may_write`, docs/decisions/063: the reminder is not an answer to
// anything they asked), never twice for the same cart: `reminded_at`
// is set in the transaction that queues the message, and only a cart found empty at a change
// clears it. Rows are claimed `FOR UPDATE SKIP LOCKED`; `now` is the caller's clock (tests move it).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { enqueueNotification } from '../notifications/index.ts';

export const REMIND_AFTER_MS = 24 * 3_600_000;

const items = (n: number) => {
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return `${n} товар`;
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return `${n} товара`;
  return `${n} товаров`;
};

export const cartReminderText = (units: number, sum: number) =>
  `В корзине ждут ${items(units)} на ${sum.toLocaleString('ru-RU')} ₽. Оформите заказ, пока они в наличии.`;

export async function remindAbandonedCarts(db: Database, now: Date, batch = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - REMIND_AFTER_MS).toISOString();
  return db.transaction(async (tx) => {
    const due = await queryRows<{
      user_id: number;
      chat_id: number | string;
      changed_at: Date | string;
      units: number | string;
      sum: number | string;
    }>(
      tx,
      sql`select a.user_id, u.telegram_id as chat_id, a.changed_at,
                 (select coalesce(sum(c.quantity), 0) from cart_items c where c.user_id = a.user_id) as units,
                 (select coalesce(sum(c.quantity * v.price), 0) from cart_items c
                    join variants v on v.id = c.variant_id where c.user_id = a.user_id) as sum
          from cart_activity a join users u on u.id = a.user_id
          where a.reminded_at is null and a.changed_at <= ${cutoff}
            and exists (select 1 from cart_items c where c.user_id = a.user_id)
            and u.bot_may_write
          order by a.changed_at
          limit ${batch}
          for update of a skip locked`,
    );
    for (const cart of due) {
      await tx.execute(sql`update cart_activity set reminded_at = now() where user_id = ${cart.user_id}`);
      await enqueueNotification(tx, {
        kind: 'cart.reminder',
        dedupeKey: `cart_reminder:${cart.user_id}:${new Date(cart.changed_at).getTime()}`,
        chatId: Number(cart.chat_id),
        userId: cart.user_id,
        text: cartReminderText(Number(cart.units), Number(cart.sum)),
        button: { text: 'Открыть корзину', path: '/basket' },
      });
    }
    return due.length;
  });
}
