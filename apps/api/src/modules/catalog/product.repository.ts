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
  category_ids: number[] | string;
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
};

/** A product's page; a hidden product is found only with `includeHidden` (staff). */
export async function findProduct(
  db: Database,
  id: number,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<Product | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.spu, p.title, p.computed_title, p.description, p.characteristics, p.options, p.size_table,
               p.image_src, p.min_price, p.price, p.fit_people,
               b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url
        FROM products p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ${id} AND (p.is_published OR p.source <> 'catalog' OR ${includeHidden})`,
  );
  if (!row) return undefined;
  const images = await queryRows<{ id: number; src: string }>(
    db,
    sql`SELECT id, src FROM product_images WHERE product_id = ${id} ORDER BY position, id`,
  );
  const variantRows = await queryRows<{
    id: number;
    price: number;
    title: string;
    size: string | null;
    size_eu: string | null;
    qty: number;
    color: string | null;
    image: string | null;
    options: Record<string, string>;
    img_id: number | null;
  }>(
    db,
    sql`SELECT id, price, title, size, size_eu, qty, color, image, options, img_id
        FROM variants WHERE product_id = ${id} ORDER BY position, id`,
  );
  const categoryRows = await queryRows<{ id: number }>(
    db,
    sql`SELECT category_id AS id FROM product_categories WHERE product_id = ${id} ORDER BY category_id`,
  );
  return {
    id: row.id,
    spu: row.spu,
    title: row.title,
    computed_title: { title: row.computed_title },
    description: row.description,
    characteristics: row.characteristics,
    brand: brandRef(row),
    images,
    options: row.options,
    variants: variantRows,
    categories: categoryRows,
    size_table: row.size_table,
    image_src: row.image_src,
    min_price: row.min_price,
    price: row.price,
    fit_people: row.fit_people,
  };
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
