// One product: its detail page, a variant of it, and similar products.
import type { Product, SimilarProduct } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { conflict } from '../../plugins/errors.ts';
import { brandRef } from './brand-ref.ts';
import { pgArray } from './listing.sql.ts';

/**
 * A variant of a product (its stock and whether the product is on sale included); undefined when
 * the variant is not that product's.
 */
export async function findVariant(db: Database, productId: number, variantId: number) {
  const [row] = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      qty: variants.qty,
      // On sale: published, or a find import (hidden from the catalogue, orderable by link).
      isPublished: sql<boolean>`(${products.isPublished} OR ${products.source} <> 'catalog')`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
  return row;
}

/** 409 for a cart or order line whose product staff took off sale. */
export const unpublished = (title?: string) =>
  conflict(title ? `Товар «${title}» снят с продажи` : 'Товар снят с продажи');

type Variant = Product['variants'][number];

type ProductRow = {
  id: number;
  spu: string;
  title: string;
  computed_title: string;
  description: string;
  characteristics: { key: string; value: string }[];
  options: { name: string; name_ru: string; values: string[] }[];
  size_table: Product['size_table'];
  image_src: string | null;
  min_price: number;
  price: number;
  fit_people: Product['fit_people'];
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  /** JSON text of the lists (text, so both drivers hand over the same thing). */
  images: string;
  variants: string;
  categories: string;
};

/** A product row as the card statement reads it, to the answer (same keys in the same order). */
const productOf = (row: ProductRow): Product => ({
  id: row.id,
  spu: row.spu,
  title: row.title,
  computed_title: { title: row.computed_title },
  description: row.description,
  characteristics: row.characteristics,
  brand: brandRef(row),
  images: JSON.parse(row.images) as Product['images'],
  options: row.options,
  variants: JSON.parse(row.variants) as Variant[],
  categories: JSON.parse(row.categories) as Product['categories'],
  size_table: row.size_table,
  image_src: row.image_src,
  min_price: row.min_price,
  price: row.price,
  fit_people: row.fit_people,
});

/**
 * Products' pages by id, in one statement: each product row with its pictures, variants and
 * categories as JSON lists (on PGlite every statement costs about a millisecond of the one thread
 * whatever it reads: docs/decisions/060, 079). Ids not found (or hidden, without `includeHidden`)
 * are missing from the map.
 */
export async function findProducts(
  db: Database,
  ids: readonly number[],
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<Map<number, Product>> {
  const found = new Map<number, Product>();
  if (!ids.length) return found;
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.spu, p.title, p.computed_title, p.description, p.characteristics, p.options, p.size_table,
               p.image_src, p.min_price, p.price, p.fit_people,
               b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url,
               (SELECT coalesce(json_agg(json_build_object('id', i.id, 'src', i.src) ORDER BY i.position, i.id), '[]')::text
                FROM product_images i WHERE i.product_id = p.id) AS images,
               (SELECT coalesce(json_agg(json_build_object('id', v.id, 'price', v.price, 'title', v.title,
                         'size', v.size, 'size_eu', v.size_eu, 'qty', v.qty, 'color', v.color, 'image', v.image,
                         'options', v.options, 'img_id', v.img_id) ORDER BY v.position, v.id), '[]')::text
                FROM variants v WHERE v.product_id = p.id) AS variants,
               (SELECT coalesce(json_agg(json_build_object('id', c.category_id) ORDER BY c.category_id), '[]')::text
                FROM product_categories c WHERE c.product_id = p.id) AS categories
        FROM products p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ANY(${pgArray(ids)}::int[]) AND (p.is_published OR p.source <> 'catalog' OR ${includeHidden})`,
  );
  for (const row of rows) found.set(row.id, productOf(row));
  return found;
}

/** A product's page; a hidden product is found only with `includeHidden` (staff). One statement. */
export async function findProduct(
  db: Database,
  id: number,
  options: { includeHidden?: boolean } = {},
): Promise<Product | undefined> {
  return (await findProducts(db, [id], options)).get(id);
}

/** Most ids one card statement reads; the rest wait for the next. */
export const CARDS_PER_READ = 100;

type Waiting = { resolve: (product: Product | undefined) => void; reject: (error: unknown) => void };

/**
 * Product pages (as the shopper sees them: published, or a find import) asked for at the same
 * moment, read in one statement (docs/decisions/079). A request is answered only by a statement
 * that starts after it was asked — never by one already under way, nor by an earlier one — so an
 * answer shows the database as of its request or later, exactly as `findProduct` would. The first
 * request of a moment waits for the end of the event loop's turn (`setImmediate`), so that the
 * requests read from the other connections in the same turn join it; the requests that arrive
 * while a statement runs wait for the next one. Nothing is kept: every request is read.
 */
export class ProductReads {
  private wanted = new Map<number, Waiting[]>();
  private running = false;
  private scheduled = false;

  constructor(private readonly db: Database) {}

  /** The product's page, or undefined when it is unknown or hidden. */
  read(id: number): Promise<Product | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.wanted.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else this.wanted.set(id, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.start();
    });
  }

  private async start(): Promise<void> {
    const batch = new Map<number, Waiting[]>();
    for (const [id, waiting] of this.wanted) {
      if (batch.size >= CARDS_PER_READ) break;
      batch.set(id, waiting);
      this.wanted.delete(id);
    }
    if (!batch.size) return;
    this.running = true;
    try {
      const found = await findProducts(this.db, [...batch.keys()]);
      for (const [id, waiting] of batch) for (const w of waiting) w.resolve(found.get(id));
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    } finally {
      this.running = false;
      if (this.wanted.size) this.schedule();
    }
  }
}

const productReads = new WeakMap<Database, ProductReads>();

/** The product's page for the shopper, read with the other pages asked for at the same moment. */
export function readProduct(db: Database, id: number): Promise<Product | undefined> {
  let reads = productReads.get(db);
  if (!reads) productReads.set(db, (reads = new ProductReads(db)));
  return reads.read(id);
}

/**
 * Up to 20 products from the product's most specific categories, same brand first, then by
 * popularity; never the product itself. Entries without a price (0) go last.
 */
export async function similarProducts(db: Database, id: number): Promise<SimilarProduct[] | undefined> {
  const [me] = await queryRows<{ brand_id: number | null; leaves: number[] | string | null }>(
    db,
    sql`SELECT p.brand_id,
               (SELECT array_agg(c) FROM unnest(p.category_ids) c
                WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c AND k.id = ANY(p.category_ids))) AS leaves
        FROM products p WHERE p.id = ${id} AND p.is_published`,
  );
  if (!me) return undefined;
  const leaves = parseIntArray(me.leaves);
  if (!leaves.length) return [];
  // The 200 most popular candidates come from the popularity index; the final order is cheap.
  return queryRows<SimilarProduct & { computed_title: never }>(
    db,
    sql`SELECT c.id AS product_id, c.title, json_build_object('title', c.computed_title) AS computed_title,
               c.spu, c.image_src, c.price
        FROM (SELECT p.id, p.title, p.computed_title, p.spu, p.image_src, p.price, p.brand_id, p.popularity
              FROM products p
              WHERE p.category_ids && ${pgArray(leaves)}::int[] AND p.id <> ${id} AND p.is_published
              ORDER BY p.popularity DESC NULLS LAST, p.id DESC NULLS LAST LIMIT 200) c
        ORDER BY (c.price <= 0), (c.brand_id IS NOT DISTINCT FROM ${me.brand_id}::int) DESC, c.popularity DESC, c.id DESC
        LIMIT 20`,
  );
}

/** int[] comes back as an array from postgres-js and PGlite; tolerate the text form too. */
function parseIntArray(value: number[] | string | null): number[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
