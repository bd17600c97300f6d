// Picture features for search by photo (modules/find-photo writes it; docs/product.md §14.2).
// One row per indexed catalogue picture (a product's first pictures), recomputed when the picture or
// the extractor changes.
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const productImageFeatures = pgTable(
  'product_image_features',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    /** Which of the product's pictures (0 = the first). */
    position: integer('position').notNull(),
    /** The extractor that computed the row (PhotoFeatures.id). */
    extractor: text('extractor').notNull(),
    /** 64-bit hashes stored as signed int8. */
    phash: bigint('phash', { mode: 'bigint' }).notNull(),
    dhash: bigint('dhash', { mode: 'bigint' }).notNull(),
    /** 72-bin HSV histogram of the item's pixels (bytes). */
    histogram: bytea('histogram').notNull(),
    /** 16×16 silhouette of the item (bytes). */
    shape: bytea('shape').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.src] }),
    index('product_image_features_extractor_idx').on(t.extractor),
  ],
);
