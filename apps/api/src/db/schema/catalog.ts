// The catalogue: brands, a category tree, products with denormalised listing columns, their
// images and variants (docs/product.md §10). Money is integer roubles.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type Characteristic = { key: string; value: string };
export type ProductOption = { name: string; name_ru: string; values: string[] };
export type SizeTable = { columns: { key: string; long: string; values: string[] }[]; tips: string[] };

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  logoUrl: text('logo_url'),
  popularity: integer('popularity').notNull().default(0),
  /** Other spellings shoppers type (Cyrillic transliterations: «найк» for Nike). */
  aliases: text('aliases')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** A tree; ids are stable (17, 8 and 374 are the sizeless categories the spec names). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    imageSrc: text('image_src'),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    spu: text('spu').notNull().unique(),
    title: text('title').notNull(),
    computedTitle: text('computed_title').notNull(),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    characteristics: jsonb('characteristics').$type<Characteristic[]>().notNull().default([]),
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    sizeTable: jsonb('size_table').$type<SizeTable | null>(),
    imageSrc: text('image_src'),
    // Denormalised listing columns, kept current by the code that writes variants.
    minPrice: integer('min_price').notNull(),
    price: integer('price').notNull(),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizesEu: text('sizes_eu')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The product's categories and all their ancestors, for the category filter (GIN). */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    inStock: boolean('in_stock').notNull().default(true),
    /** Hidden from shoppers (listing, search, product page, cart) when false; staff still see it. */
    isPublished: boolean('is_published').notNull().default(true),
    /**
     * `catalog`: the shop's own; `poizon`: a Poizon item imported by «В корзину» on find; `find`: the
     * item of one accepted quote. The last two stay unpublished (never listed) yet orderable.
     */
    source: text('source', { enum: ['catalog', 'poizon', 'find'] })
      .notNull()
      .default('catalog'),
    popularity: integer('popularity').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    fitPeople: text('fit_people', { enum: ['men', 'women', 'kids', 'unisex'] })
      .notNull()
      .default('unisex'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of the imported row: an unchanged row is skipped, so re-importing changes nothing. */
    contentHash: text('content_hash').notNull().default(''),
    /**
     * The five filter kinds as one array of tokens (`k:<category>`, `c:<colour>`, `s:<size>`,
     * `b:<brand>`, `f:<fit>`), computed by PostgreSQL: one GIN index ANDs several kinds in a single
     * scan, and the precomputed facet counts are kept from it (docs/decisions/025).
     */
    facetTokens: text('facet_tokens')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`catalog_facet_tokens(category_ids, colors, sizes_eu, brand_id, fit_people)`),
  },
  (t) => [
    index('products_brand_idx').on(t.brandId, t.popularity.desc(), t.id.desc()),
    // One index per sort (keyset order: key, then id). PRICE_DESC scans the price index backwards.
    index('products_popularity_idx').on(t.popularity.desc(), t.id.desc()),
    index('products_price_idx').on(t.minPrice, t.id),
    index('products_newest_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('products_sales_idx').on(t.sales.desc(), t.id.desc()),
    index('products_fit_idx').on(t.fitPeople, t.popularity.desc(), t.id.desc()),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    title: text('title').notNull(),
    size: text('size'),
    sizeEu: text('size_eu'),
    color: text('color'),
    image: text('image'),
    imgId: integer('img_id'),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    qty: integer('qty').notNull().default(0),
    /** One more on every change of `qty` (a trigger, migration 0014): the console's stale check. */
    version: integer('version').notNull().default(0),
    /** The importer's key of the variant within its product (updates keep the variant id). */
    sku: text('sku').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('variants_product_sku_idx').on(t.productId, t.sku),
    // The console's inventory «мало» filter (docs/product.md §12.6).
    index('variants_qty_idx').on(t.qty, t.id),
    check('variants_qty_non_negative', sql`${t.qty} >= 0`),
    check('variants_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * Precomputed facet counts of published products (docs/decisions/025): for the empty selection
 * (`sel` = '') and for each single filter value (`sel` = a facet token), how many products carry
 * each facet token (`facet`; '' is the number of products). Kept by statement triggers on
 * `products` (custom SQL in migration 0012); nothing else writes it.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    sel: text('sel').notNull(),
    facet: text('facet').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sel, t.facet] })],
);

/**
 * The change log of products' facet tokens (docs/decisions/036): one row per product whose tokens
 * or `is_published` changed (inserted, updated, deleted; `product_id` NULL for a truncate), with
 * the writing transaction's id (`tx`, `pg_current_xact_id()`). Every API instance keeps an
 * in-memory token index of the published products (token-index.ts) and reads the rows of
 * transactions that were not finished at its last read. Written only by statement triggers on
 * `products` (custom SQL in migration 0013) and pruned by the token index.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    productId: integer('product_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_tx_idx').on(t.tx)],
);

/** What the search box suggests: brands (with their aliases), categories and frequent title words. */
export const searchTerms = pgTable('search_terms', {
  /** Lower-cased text that the prefix and trigram indexes match. */
  term: text('term').primaryKey(),
  /** What the shopper sees and searches for when choosing it (e.g. «Nike» for «найк»). */
  display: text('display').notNull(),
  weight: integer('weight').notNull().default(0),
});
