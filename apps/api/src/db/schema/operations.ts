// Operating the shop (docs/product.md §12): staff and their audit log, the console's notes and tracking
// numbers, refunds, and the bot's outbox. Each table has one writing module, named on it.
import {
  IMPORT_JOB_STATUSES,
  NOTIFICATION_STATUSES,
  REFUND_STATUSES,
  STAFF_ROLES,
  type StaffAlert,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  boolean,
} from 'drizzle-orm/pg-core';
import { orderItems, orders, payments } from './commerce.ts';
import { users } from './users.ts';

/** Staff by Telegram id (modules/staff). `from_env`: an owner named by ADMIN_TELEGRAM_IDS. */
export const staff = pgTable('staff', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  fromEnv: boolean('from_env').notNull().default(false),
  /** The alerts this member chose (docs/product.md §12.4); null = the role's defaults. */
  alerts: jsonb('alerts').$type<Partial<Record<StaffAlert, boolean>>>(),
  addedBy: bigint('added_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin write: who, what, before, after, when (modules/staff/audit.repository.ts). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The change in one Russian sentence, naming the product, variant or order (migration 0014). */
    summary: text('summary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_entity_idx').on(t.entity, t.entityId),
    // The log's filters by who and by what (migration 0022), newest first within each.
    index('admin_audit_log_actor_idx').on(t.actorTelegramId, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * A staff member's saved filters of the console's orders list (modules/admin, orders-views.ts):
 * a name and the list's query string, per staff member (migration 0022).
 */
export const staffOrderViews = pgTable(
  'staff_order_views',
  {
    id: serial('id').primaryKey(),
    staffTelegramId: bigint('staff_telegram_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_order_views_name_idx').on(t.staffTelegramId, t.name)],
);

/** Internal notes on an order, never shown to the shopper (modules/admin). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorTelegramId: bigint('author_telegram_id', { mode: 'number' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * The question thread of an order (modules/order-thread): the shopper's questions (`via` app or
 * bot) and the staff's answers (`via` console), oldest first. Shown in the order and its card.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['shopper', 'staff'] }).notNull(),
    staffTelegramId: bigint('staff_telegram_id', { mode: 'number' }),
    via: text('via', { enum: ['app', 'bot', 'console'] }).notNull().default('app'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.id),
    check('order_messages_author_check', sql`${t.author} IN ('shopper', 'staff')`),
    check('order_messages_via_check', sql`${t.via} IN ('app', 'bot', 'console')`),
  ],
);

/** The console's side of an order: its tracking number (modules/admin). */
export const orderTracking = pgTable('order_tracking', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  trackingNumber: text('tracking_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds (modules/refunds). The row is written before the provider is called; its
 * `idempotence_key` is the provider's Idempotence-Key, so a retried call refunds once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_succeeded_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
  ],
);

/** The sandbox provider's side of a refund (modules/payment/sandbox-provider.ts). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  paymentId: text('payment_id').notNull(),
  amount: integer('amount').notNull(),
  status: text('status', { enum: REFUND_STATUSES }).notNull().default('succeeded'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bot's transactional outbox (modules/notifications): written in the same transaction as the
 * change it announces; `dedupe_key` makes a second write of the same announcement a no-op.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    replyMarkup: jsonb('reply_markup'),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker owns the row until then; a crashed worker's rows come back when it lapses. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The id of the API request that enqueued it (its logs and the worker's share it). */
    requestId: text('request_id'),
  },
  (t) => [
    index('notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retry')`),
    index('notifications_order_idx').on(t.orderId),
    index('notifications_chat_sent_idx').on(t.chatId, t.sentAt),
  ],
);

/** Chats the bot cannot write to (blocked, never started): written by modules/notifications. */
export const botUnreachableChats = pgTable('bot_unreachable_chats', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Catalogue imports applied from the console, run in the background (modules/admin/import-jobs.ts).
 * A worker claims a queued row `FOR UPDATE SKIP LOCKED` and holds it by `lease_until`, renewed
 * after each chunk; a row whose lease lapsed (its instance died) is claimed again, which is safe
 * because the importer skips unchanged rows.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: IMPORT_JOB_STATUSES }).notNull().default('queued'),
    file: jsonb('file').notNull(),
    /** Products in the file, and how many are written so far. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    errors: jsonb('errors').$type<{ path: string; message: string; row?: string | null; field?: string | null }[]>().notNull().default([]),
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Order lines bought on Poizon (modules/admin/purchase-list.ts, the only writer): the purchase list
 * shows the lines of paid orders without a row here; an order all of whose lines have one moves on
 * to «Выкупаем товар».
 */
export const purchaseMarks = pgTable(
  'purchase_marks',
  {
    orderItemId: integer('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_marks_order_idx').on(t.orderId)],
);
