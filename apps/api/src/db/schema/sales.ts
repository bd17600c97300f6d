// The console dashboard's rollups (docs/decisions/061, migration 0020). Written only by triggers
// (custom SQL in migration 0020) on orders, order_items, payments and refunds, inside the
// transaction that changed them; read by modules/admin/stats.repository.ts.
import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';

/** Sales by UTC hour: orders paid (by `paid_at`), placed (by `created_at`), refunds that succeeded. */
export const salesHours = pgTable(
  'sales_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The writing connection's backend pid: no two transactions share a row (migration 0020). */
    stripe: integer('stripe').notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  paid: integer('paid').notNull().default(0),
  placed: integer('placed').notNull().default(0),
  /** Orders placed in the hour that are paid (the conversion's numerator). */
  placedPaid: integer('placed_paid').notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_hours_pk', columns: [t.hour, t.stripe] })],
);

/** What each product sold by the UTC day its order was paid on (the best sellers). */
export const salesProductDays = pgTable(
  'sales_product_days',
  {
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    stripe: integer('stripe').notNull().default(0),
    /** The title of the product's last line added. */
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_product_days_pk', columns: [t.day, t.productId, t.stripe] })],
);

/** Canceled orders paid more than refunded («Нужен возврат»), one row each. */
export const refundsOwed = pgTable('refunds_owed', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
});
