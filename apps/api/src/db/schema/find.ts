// Find (docs/product.md §14): shoppers' requests for a manual Poizon quote and the console's price
// settings. Both written only by modules/find.
import { FIND_REQUEST_STATUSES, FIND_SOURCES, POIZON_BUTTONS, type PriceBreakdown } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  bigint,
} from 'drizzle-orm/pg-core';
import { products, variants } from './catalog.ts';
import { users } from './users.ts';

export const findRequests = pgTable(
  'find_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: FIND_SOURCES }).notNull(),
    status: text('status', { enum: FIND_REQUEST_STATUSES }).notNull().default('new'),
    url: text('url'),
    query: text('query'),
    spuId: text('spu_id'),
    size: text('size'),
    color: text('color'),
    priceCny: numeric('price_cny', { precision: 12, scale: 2, mode: 'number' }),
    button: text('button', { enum: POIZON_BUTTONS }),
    imageUrl: text('image_url'),
    comment: text('comment'),
    quoteRub: integer('quote_rub'),
    quoteBreakdown: jsonb('quote_breakdown').$type<PriceBreakdown>(),
    quoteComment: text('quote_comment'),
    quoteValidUntil: timestamp('quote_valid_until', { withTimezone: true }),
    quotedBy: bigint('quoted_by', { mode: 'number' }),
    /** What the cart line will say: the quote's title, picture and size (migration 0022). */
    quoteTitle: text('quote_title'),
    quoteImageUrl: text('quote_image_url'),
    quoteSize: text('quote_size'),
    rejectReason: text('reject_reason'),
    productId: integer('product_id').references(() => products.id),
    variantId: integer('variant_id').references(() => variants.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('find_requests_user_idx').on(t.userId, t.id.desc()),
    index('find_requests_status_idx').on(t.status, t.id.desc()),
    // The expiry job looks only at live quotes.
    index('find_requests_quoted_idx')
      .on(t.quoteValidUntil)
      .where(sql`status = 'quoted'`),
    check(
      'find_requests_quote_check',
      sql`status <> 'quoted' OR (quote_rub IS NOT NULL AND quote_valid_until IS NOT NULL)`,
    ),
  ],
);

/** One row (id 1): the rate and fees every rouble price of a Poizon item uses. */
export const findSettings = pgTable(
  'find_settings',
  {
    id: smallint('id').primaryKey().default(1),
    cnyRubRate: numeric('cny_rub_rate', { precision: 10, scale: 4, mode: 'number' }).notNull(),
    fxMarkupPercent: numeric('fx_markup_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    serviceFeePercent: numeric('service_fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    serviceFeeMinRub: integer('service_fee_min_rub').notNull(),
    deliveryRubPer500g: integer('delivery_rub_per_500g').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('find_settings_one_row', sql`id = 1`)],
);
