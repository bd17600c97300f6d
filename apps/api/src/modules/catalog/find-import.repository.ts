// Products that find creates (docs/product.md §14.4): a Poizon item a shopper puts in the cart, or
// the item of an accepted quote. The catalogue module writes them like every product, unpublished
// (never listed, searched or suggested) with `source` ≠ 'catalog' so the cart, orders and stock
// treat them as on sale: cart, order, stock and payment stay one path.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, productImages, products, variants } from '../../db/schema/index.ts';

export type HiddenProductInput = {
  /** Unique key: `poizon-<spuId>` for an imported item, `find-<requestId>` for a quote. */
  spu: string;
  source: 'poizon' | 'find';
  title: string;
  brand: string | null;
  description: string;
  images: string[];
  article: string | null;
  variants: { sku: string; title: string; size: string | null; color: string | null; price: number }[];
};

/** Units a hidden product's variant offers: Poizon's stock is not ours to count. */
const HIDDEN_STOCK = 99;

/**
 * Creates or refreshes a hidden product and its variants (prices re-set: a Poizon price holds 24 h)
 * and returns its id and the variant ids by sku. Runs inside the caller's transaction.
 */
export async function upsertHiddenProduct(
  tx: Database,
  input: HiddenProductInput,
): Promise<{ productId: number; variantIds: Map<string, number> }> {
  let brandId: number | null = null;
  if (input.brand) {
    await tx.insert(brands).values({ name: input.brand }).onConflictDoNothing({ target: brands.name });
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.name, input.brand));
    brandId = b?.id ?? null;
  }
  const prices = input.variants.map((v) => v.price);
  const minPrice = Math.min(...prices);
  const values = {
    spu: input.spu,
    source: input.source,
    title: input.title,
    computedTitle: input.title,
    description: input.description,
    brandId,
    imageSrc: input.images[0] ?? null,
    minPrice,
    price: minPrice,
    isPublished: false,
    inStock: true,
    characteristics: input.article ? [{ key: 'Артикул', value: input.article }] : [],
    sizesEu: input.variants.flatMap((v) => (v.size ? [v.size] : [])),
    colors: [...new Set(input.variants.flatMap((v) => (v.color ? [v.color] : [])))],
  };
  const [product] = await tx
    .insert(products)
    .values(values)
    .onConflictDoUpdate({ target: products.spu, set: { ...values, updatedAt: sql`now()` } })
    .returning({ id: products.id });
  const productId = product!.id;

  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (input.images.length) {
    await tx
      .insert(productImages)
      .values(input.images.map((src, position) => ({ productId, src, position })));
  }
  for (const v of input.variants) {
    const row = {
      productId,
      sku: v.sku,
      title: v.title,
      size: v.size,
      // The cart shows «<size> EU»: a shopper's «42.5 EU» is stored as 42.5.
      sizeEu: v.size?.replace(/\s*eu$/i, '') ?? null,
      color: v.color,
      price: v.price,
      qty: HIDDEN_STOCK,
      image: input.images[0] ?? null,
    };
    await tx
      .insert(variants)
      .values(row)
      .onConflictDoUpdate({
        target: [variants.productId, variants.sku],
        set: { title: row.title, price: row.price, qty: sql`greatest(${variants.qty}, ${HIDDEN_STOCK})` },
      });
  }
  const rows = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.productId, productId),
        inArray(
          variants.sku,
          input.variants.map((v) => v.sku),
        ),
      ),
    );
  return { productId, variantIds: new Map(rows.map((r) => [r.sku, r.id])) };
}

/** The product id of a hidden product by its key. */
export async function hiddenProductId(db: Database, spu: string): Promise<number | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.spu, spu));
  return row?.id;
}

/**
 * The shop's own published product with this Poizon spuId or article, for «Этот товар уже есть в
 * каталоге»; find imports never match.
 */
export async function findCatalogProductBySpu(
  db: Database,
  { spuId, article }: { spuId?: string; article?: string },
): Promise<number | undefined> {
  if (spuId) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.spu, spuId), eq(products.isPublished, true), eq(products.source, 'catalog')));
    if (row) return row.id;
  }
  if (article) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.isPublished, true),
          eq(products.source, 'catalog'),
          sql`(upper(${products.spu}) = ${article} OR ${products.characteristics} @> ${JSON.stringify([{ key: 'Артикул', value: article }])}::jsonb)`,
        ),
      )
      .limit(1);
    if (row) return row.id;
  }
  return undefined;
}
