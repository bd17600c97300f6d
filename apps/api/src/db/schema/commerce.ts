// Per-shopper commerce tables: cart, favourites, delivery addresses, encrypted passport data,
// orders with snapshotted lines, payments and the sandbox provider's own ledger (docs/product.md §11).
// Money is integer roubles.
import { MAX_LINE_QTY, ORDER_STATUSES, PAYMENT_STATUSES } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, variants } from './catalog.ts';
import { users } from './users.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and ${sql.raw(String(MAX_LINE_QTY))}`),
  ],
);

/** One row per (user, product) with the chosen variant; newest first by id. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_product_idx').on(t.userId, t.productId),
    index('favorites_user_id_idx').on(t.userId, t.id),
  ],
);

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    address: text('address').notNull(),
    fio: text('fio').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** `pickup`: `address` is the point's, with its code and hours; `courier`: the door (modules/delivery). */
    kind: text('kind', { enum: ['courier', 'pickup'] })
      .notNull()
      .default('courier'),
    /** The carrier's city code (CDEK `code`); null for addresses saved before cities were chosen. */
    cityCode: integer('city_code'),
    pointCode: text('point_code'),
    pointHours: text('point_hours'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_addresses_user_idx').on(t.userId),
    // At most one default address per shopper.
    uniqueIndex('delivery_addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Passport data, only ever stored as AES-256-GCM ciphertext (`v1.<iv>.<tag>.<ciphertext>`, base64url,
 * the user id as associated data so a row cannot be moved to another shopper).
 */
export const passports = pgTable('passports', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  encrypted: text('encrypted').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The delivery address as it was when the order was placed. */
export type DeliverySnapshot = {
  id: number;
  city: string;
  address: string;
  fio: string;
  last_name: string;
  phone_number: string;
  /** Absent on orders placed before pickup points (read as `courier`). */
  kind?: 'courier' | 'pickup';
  city_code?: number | null;
  point_code?: string | null;
  point_hours?: string | null;
};

/** What the shopper was quoted for delivery and customs when the order was placed (modules/delivery). */
export type DeliveryQuoteSnapshot = {
  provider: string;
  price: number;
  days_min: number;
  days_max: number;
  date_from: string;
  date_to: string;
  duty: { amount: number; goods_eur: number; eur_rate: number; rule: string } | null;
  quoted_at: string;
};

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('awaiting_payment'),
    total: integer('total').notNull().default(0),
    /** Programme money (docs/product.md §13): promo discount, bonuses used, and what the payment asks. */
    discount: integer('discount').notNull().default(0),
    bonusUsed: integer('bonus_used').notNull().default(0),
    toPay: integer('to_pay').notNull().default(0),
    /** The promo code typed or applied automatically (a blogger's), when it gave the discount. */
    promoCode: text('promo_code'),
    delivery: jsonb('delivery').$type<DeliverySnapshot>().notNull(),
    /** The delivery price, dates and duty quoted at placing; null when no quote could be made. */
    deliveryQuote: jsonb('delivery_quote').$type<DeliveryQuoteSnapshot>(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.id),
    index('orders_awaiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
    // The console's dashboard (docs/product.md §12.6): orders paid and placed in a range, and the
    // work waiting by status.
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status),
    // The console's order list sorted by total or by the last change, keyset paged (migration 0022).
    index('orders_total_idx').on(t.total, t.id),
    index('orders_updated_at_idx').on(t.updatedAt, t.id),
    check('orders_total_non_negative', sql`${t.total} >= 0`),
    check('orders_status_known', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** Order lines with prices and titles snapshotted; no foreign keys to the catalogue on purpose. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    title: text('title').notNull(),
    variantTitle: text('variant_title').notNull(),
    size: text('size'),
    sizeEu: text('size_eu'),
    color: text('color'),
    image: text('image'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The console's inventory: units held and sold per variant.
    index('order_items_variant_idx').on(t.variantId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/** Every status an order entered, written in the same transaction as the change. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** The staff member (Telegram id) who moved the order; null when the shop did (payment, lapse). */
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    /** Why, as the mover wrote it (the console's comment). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Our id for the payment: in the return URL, the status poll and the provider's Idempotence-Key. */
    transactionGuid: text('transaction_guid').notNull().unique(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    confirmationUrl: text('confirmation_url'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    // A customer's paid total in the console (docs/product.md §12.6).
    index('payments_order_idx').on(t.orderId),
    // One open payment per order: a second payment_url call reuses it.
    uniqueIndex('payments_one_pending_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The sandbox provider's side of a payment (what a real provider keeps on its servers). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
