// The `stock_events` job (docs/decisions/054): reads the rows the trigger on `variants` wrote in
// the transactions that changed stock or price, whoever the writer was, and tells whom it
// concerns through the bot's outbox, in the same transaction that marks the rows done:
// - `restocked` (0 → more): each shopper waiting for that size, once per subscription (the
//   subscription is marked told, and the outbox's dedupe key is the subscription's); sent whether
//   or not `users.bot_may_write` is set: the shopper asked for it (docs/decisions/063);
// - `sold_out` (more → 0): the staff who chose the `out_of_stock` alert, once per stock version;
// - `price_drop`: each shopper keeping the product (that size, or no size) in favourites, once per
//   favourite and changing transaction (an import lowering every size sends one message); only to
//   shoppers who let the bot write (`users.bot_may_write`): a favourite is not a request for news.
// Rows are claimed `FOR UPDATE SKIP LOCKED`, so any number of instances may run it.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { alertStaff, enqueueNotification } from '../notifications/index.ts';

type EventRow = {
  id: number | string;
  variant_id: number;
  kind: 'restocked' | 'sold_out' | 'price_drop';
  version: number;
  price: number;
  old_price: number | null;
  tx: number | string;
  product_id: number;
  product_title: string;
  variant_title: string;
  size: string | null;
  size_eu: string | null;
  color: string | null;
  /** The variant as it is now (the event may be stale: sold out again, price raised back). */
  qty_now: number;
  price_now: number;
};

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;
const OPEN_PRODUCT = 'Открыть товар';
const productPath = (productId: number) => `/?id=${productId}`;

/** «Кроссовки Nike», «Чёрный · 42 EU» as the shopper saw them on the product page. */
const sizeLabel = (e: EventRow) =>
  [e.color, e.size_eu ? `${e.size_eu} EU` : e.size].filter(Boolean).join(' · ') || e.variant_title;

export const restockText = (e: EventRow) =>
  `Снова в наличии: «${e.product_title}», ${sizeLabel(e)}. Успейте заказать, пока размер есть.`;
export const priceDropText = (e: EventRow) =>
  `Подешевело в избранном: «${e.product_title}», ${sizeLabel(e)} — ${rub(e.price_now)} вместо ${rub(e.old_price ?? e.price_now)}.`;
export const soldOutText = (e: EventRow) =>
  `Закончился товар «${[e.product_title, e.variant_title].filter(Boolean).join(' · ')}».`;

async function tellWaitingShoppers(tx: Database, e: EventRow) {
  // Sold out again before this pass: the subscriptions keep waiting for the next restock.
  if (e.qty_now <= 0) return;
  const told = await queryRows<{ id: number; user_id: number; chat_id: number | string }>(
    tx,
    sql`update stock_subscriptions s set notified_at = now()
        from users u
        where s.variant_id = ${e.variant_id} and s.notified_at is null and u.id = s.user_id
        returning s.id, s.user_id, u.telegram_id as chat_id`,
  );
  for (const s of told) {
    await enqueueNotification(tx, {
      kind: 'restock',
      dedupeKey: `restock:${s.id}`,
      chatId: Number(s.chat_id),
      userId: s.user_id,
      text: restockText(e),
      button: { text: OPEN_PRODUCT, path: productPath(e.product_id) },
    });
  }
}

async function tellFavourites(tx: Database, e: EventRow) {
  // Raised back, or nothing to buy at the new price: nothing to say.
  if (e.old_price === null || e.price_now >= e.old_price || e.qty_now <= 0) return;
  const keepers = await queryRows<{ id: number; user_id: number; chat_id: number | string }>(
    tx,
    sql`select f.id, f.user_id, u.telegram_id as chat_id
        from favorites f join users u on u.id = f.user_id
        where f.product_id = ${e.product_id} and (f.variant_id = ${e.variant_id} or f.variant_id is null)
          and u.bot_may_write`,
  );
  for (const f of keepers) {
    await enqueueNotification(tx, {
      kind: 'price_drop',
      dedupeKey: `price_drop:${f.id}:${e.tx}`,
      chatId: Number(f.chat_id),
      userId: f.user_id,
      text: priceDropText(e),
      button: { text: OPEN_PRODUCT, path: productPath(e.product_id) },
    });
  }
}

/** One pass: up to `batch` events in one transaction; returns how many were handled. */
export async function stockEventsPass(db: Database, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await queryRows<EventRow>(
      tx,
      sql`select e.id, e.variant_id, e.kind, e.version, e.price, e.old_price, e.tx,
                 v.product_id, p.title as product_title, v.title as variant_title,
                 v.size, v.size_eu, v.color, v.qty as qty_now, v.price as price_now
          from stock_events e
          join variants v on v.id = e.variant_id
          join products p on p.id = v.product_id
          where e.done_at is null
          order by e.id
          limit ${batch}
          for update of e skip locked`,
    );
    for (const e of events) {
      if (e.kind === 'restocked') await tellWaitingShoppers(tx, e);
      else if (e.kind === 'price_drop') await tellFavourites(tx, e);
      else await alertStaff(tx, 'out_of_stock', `out_of_stock:${e.variant_id}:${e.version}`, soldOutText(e));
    }
    if (events.length > 0) {
      await tx.execute(
        sql`update stock_events set done_at = now() where id in (${sql.join(
          events.map((e) => sql`${Number(e.id)}`),
          sql`, `,
        )})`,
      );
    }
    return events.length;
  });
}
