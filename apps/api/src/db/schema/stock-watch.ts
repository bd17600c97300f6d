// What shoppers and staff hear about variants (docs/decisions/054, migration 0019): the events a
// trigger on `variants` writes when stock crosses zero or a price drops, the shoppers waiting for
// a sold-out size, and the cart's last change for the abandoned-cart reminder.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, variants } from './catalog.ts';
import { users } from './users.ts';

export const STOCK_EVENT_KINDS = ['restocked', 'sold_out', 'price_drop'] as const;

/**
 * Written only by the trigger `variants_stock_events` (custom SQL in migration 0019), inside the
 * transaction that changed the variant; `done_at` is set by modules/stock-watch once handled.
 */
export const stockEvents = pgTable(
  'stock_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STOCK_EVENT_KINDS }).notNull(),
    qty: integer('qty').notNull(),
    /** The variant's stock version after the change (its `version`). */
    version: integer('version').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    /** The changing transaction's id: one price-drop message per favourite and transaction. */
    tx: bigint('tx', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('stock_events_due_idx').on(t.id).where(sql`${t.doneAt} is null`),
    check('stock_events_kind_check', sql`${t.kind} IN ('restocked', 'sold_out', 'price_drop')`),
  ],
);

/** «Сообщить о поступлении»: written by modules/stock-watch only. */
export const stockSubscriptions = pgTable(
  'stock_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set with the one bot message; a later subscription to the same size is a new row. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_subscriptions_waiting_idx')
      .on(t.variantId, t.userId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** The abandoned-cart reminder's clock, one row per shopper: written by modules/cart only. */
export const cartActivity = pgTable(
  'cart_activity',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** This cart's one reminder; back to null when the cart is found empty at a change. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [index('cart_activity_due_idx').on(t.changedAt).where(sql`${t.remindedAt} is null`)],
);
