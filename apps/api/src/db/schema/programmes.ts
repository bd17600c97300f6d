// The programmes' tables (docs/product.md §13, docs/decisions/019): referral codes and invites
// (modules/referral), the bonus ledger (modules/bonus), bloggers with their ledger, payouts,
// attributions, link opens and picks (modules/blogger). Every balance is a sum of ledger rows;
// unique `idem_key`s make each money movement happen once. Money is integer roubles.
import {
  BLOGGER_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  REFERRAL_STATUSES,
  TAX_STATUSES,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Each shopper's invite code, made on first need. */
export const referralCodes = pgTable('referral_codes', {
  userId: userRef('user_id').primaryKey(),
  code: text('code').notNull().unique(),
  createdAt: stamps.createdAt,
});

/** One inviter per shopper (`referee_id` unique), never oneself. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: userRef('referrer_id'),
    refereeId: userRef('referee_id').unique(),
    code: text('code').notNull(),
    /** `link` at the first sign-in, `code` entered later. */
    source: text('source', { enum: ['link', 'code'] }).notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('registered'),
    qualifyingOrderId: integer('qualifying_order_id'),
    rejectReason: text('reject_reason'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /** «Удалить приглашение» on a rewarded invite: kept for the money, hidden from the history. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    rewardSeenAt: timestamp('reward_seen_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId, t.id),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.refereeId}`),
    check(
      'referrals_status_known',
      sql.raw(`status in (${REFERRAL_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

export const BONUS_LEDGER_KINDS = [
  'welcome',
  'referral_reward',
  'order_hold',
  'order_refund',
  'blogger_convert',
  'expire',
  'adjust',
] as const;
/**
 * credits (amount > 0, the "lots"): pending → available | canceled;
 * debits (amount < 0, `lot_id` = the credit they take from): held → spent | released; done.
 */
export const BONUS_LEDGER_STATUSES = [
  'pending',
  'available',
  'canceled',
  'held',
  'spent',
  'released',
  'done',
] as const;

/** The bonus ledger: balance = available credits + counted debits (held, spent, done). */
export const bonusLedger = pgTable(
  'bonus_ledger',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    kind: text('kind', { enum: BONUS_LEDGER_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: BONUS_LEDGER_STATUSES }).notNull(),
    /** Debits: the credit row (lot) they take from. */
    lotId: integer('lot_id'),
    /** Credits: when what is left of them burns. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    orderId: integer('order_id'),
    referralId: integer('referral_id'),
    /** The history line's detail («Анна К.»). */
    note: text('note'),
    /** Makes each movement happen once: `welcome:<referral>`, `hold:<order>:<lot>`, … */
    idemKey: text('idem_key').notNull().unique(),
    /** Credits: the 7-day expiry warning was queued. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('bonus_ledger_user_idx').on(t.userId, t.id),
    index('bonus_ledger_lots_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.amount} > 0 and ${t.status} = 'available'`),
    index('bonus_ledger_lot_debits_idx').on(t.lotId),
    index('bonus_ledger_order_idx').on(t.orderId),
    check('bonus_ledger_amount_not_zero', sql`${t.amount} <> 0`),
    check(
      'bonus_ledger_status_known',
      sql.raw(`status in (${BONUS_LEDGER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** Blogger applications and approved bloggers: one row per shopper. */
export const bloggers = pgTable(
  'bloggers',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id').unique(),
    status: text('status', { enum: BLOGGER_STATUSES }).notNull().default('pending'),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    followers: integer('followers').notNull(),
    topic: text('topic').notNull(),
    promoCode: text('promo_code').notNull().unique(),
    contact: text('contact').notNull(),
    commissionPercent: integer('commission_percent').notNull().default(5),
    erid: text('erid'),
    moderatorComment: text('moderator_comment'),
    reapplyAfter: timestamp('reapply_after', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    /** Saved payout details, sealed like passports (AES-256-GCM). */
    payoutDetailsEnc: text('payout_details_enc'),
    ...stamps,
  },
  (t) => [
    index('bloggers_status_idx').on(t.status, t.id),
    check('bloggers_commission_range', sql`${t.commissionPercent} between 1 and 20`),
    check(
      'bloggers_status_known',
      sql.raw(`status in (${BLOGGER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** A buyer a blogger brought: their orders earn the blogger a commission until `bound_until`. */
export const bloggerAttributions = pgTable('blogger_attributions', {
  userId: userRef('user_id').primaryKey(),
  bloggerId: integer('blogger_id')
    .notNull()
    .references(() => bloggers.id, { onDelete: 'cascade' }),
  source: text('source', { enum: ['link', 'promo'] }).notNull(),
  boundUntil: timestamp('bound_until', { withTimezone: true }).notNull(),
  createdAt: stamps.createdAt,
});

/** Sign-ins through a blogger's link, per day. */
export const bloggerLinkOpens = pgTable(
  'blogger_link_opens',
  {
    bloggerId: integer('blogger_id')
      .notNull()
      .references(() => bloggers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bloggerId, t.day] })],
);

export const PAYOUT_STATUS_VALUES = PAYOUT_STATUSES;

export const bloggerPayouts = pgTable(
  'blogger_payouts',
  {
    id: serial('id').primaryKey(),
    bloggerId: integer('blogger_id')
      .notNull()
      .references(() => bloggers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    /** Phone, bank, card, full name and INN, sealed (AES-256-GCM, the blogger id as associated data). */
    detailsEnc: text('details_enc').notNull(),
    detailsMasked: text('details_masked').notNull(),
    taxStatus: text('tax_status', { enum: TAX_STATUSES }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    receiptUrl: text('receipt_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: bigint('processed_by', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('blogger_payouts_key_idx').on(t.bloggerId, t.idempotencyKey),
    // At most one active request per blogger.
    uniqueIndex('blogger_payouts_one_active_idx')
      .on(t.bloggerId)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('blogger_payouts_status_idx').on(t.status, t.id),
    check('blogger_payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The blogger's money: commissions (pending → posted | canceled), payouts and conversions
 * (posted debits; a rejected or canceled payout's row → canceled). available = posted rows.
 */
export const bloggerLedger = pgTable(
  'blogger_ledger',
  {
    id: serial('id').primaryKey(),
    bloggerId: integer('blogger_id')
      .notNull()
      .references(() => bloggers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['commission', 'payout', 'convert'] }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'canceled'] }).notNull(),
    orderId: integer('order_id'),
    buyerUserId: integer('buyer_user_id'),
    payoutId: integer('payout_id'),
    /** Commissions: the goods money counted and the percent. */
    baseAmount: integer('base_amount'),
    percent: integer('percent'),
    idemKey: text('idem_key').notNull().unique(),
    ...stamps,
  },
  (t) => [
    index('blogger_ledger_blogger_idx').on(t.bloggerId, t.id),
    index('blogger_ledger_order_idx').on(t.orderId),
  ],
);

/** Products a blogger recommends on their public page. */
export const bloggerPicks = pgTable(
  'blogger_picks',
  {
    bloggerId: integer('blogger_id')
      .notNull()
      .references(() => bloggers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    comment: text('comment').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bloggerId, t.productId] })],
);
