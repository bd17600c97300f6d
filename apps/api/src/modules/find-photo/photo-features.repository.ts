// The stored picture features (table product_image_features, written only here): which catalogue
// pictures still need features, saving them, dropping rows of pictures the catalogue no longer has,
// and reading the rows of published products into the in-memory index.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productImageFeatures, productImages, products } from '../../db/schema/index.ts';
import type { PictureFeatures } from './photo-features.ts';

/** A product's first pictures are indexed (the ones a shopper screenshots). */
export const PICTURES_PER_PRODUCT = 2;

export type PendingPicture = { productId: number; src: string; position: number };
export type IndexRow = PendingPicture & PictureFeatures;

const toSigned = (n: bigint) => BigInt.asIntN(64, n);
const toUnsigned = (n: bigint) => BigInt.asUintN(64, n);

/** Pictures of published products without features from this extractor (oldest products first). */
export async function picturesWithoutFeatures(
  db: Database,
  extractor: string,
  limit: number,
): Promise<PendingPicture[]> {
  return db
    .select({ productId: productImages.productId, src: productImages.src, position: productImages.position })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .leftJoin(
      productImageFeatures,
      and(
        eq(productImageFeatures.productId, productImages.productId),
        eq(productImageFeatures.src, productImages.src),
        eq(productImageFeatures.extractor, extractor),
      ),
    )
    .where(
      and(
        eq(products.isPublished, true),
        sql`${productImages.position} < ${PICTURES_PER_PRODUCT}`,
        sql`${productImageFeatures.productId} IS NULL`,
      ),
    )
    .orderBy(productImages.productId, productImages.position)
    .limit(limit);
}

export async function saveFeatures(db: Database, extractor: string, rows: IndexRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(productImageFeatures)
    .values(
      rows.map((r) => ({
        productId: r.productId,
        src: r.src,
        position: r.position,
        extractor,
        phash: toSigned(r.phash),
        dhash: toSigned(r.dhash),
        histogram: Buffer.from(r.histogram),
        shape: Buffer.from(r.shape),
      })),
    )
    .onConflictDoUpdate({
      target: [productImageFeatures.productId, productImageFeatures.src],
      set: {
        position: sql`excluded.position`,
        extractor: sql`excluded.extractor`,
        phash: sql`excluded.phash`,
        dhash: sql`excluded.dhash`,
        histogram: sql`excluded.histogram`,
        shape: sql`excluded.shape`,
        computedAt: sql`now()`,
      },
    });
}

/** Drops rows whose picture left the product (re-import, edit) or fell out of its first pictures. */
export async function deleteStaleFeatures(db: Database): Promise<void> {
  await db.execute(sql`
    DELETE FROM product_image_features f
    WHERE NOT EXISTS (
      SELECT 1 FROM product_images i
      WHERE i.product_id = f.product_id AND i.src = f.src AND i.position < ${PICTURES_PER_PRODUCT}
    )`);
}

/** Every row of a published product computed by this extractor. */
export async function loadIndexRows(db: Database, extractor: string): Promise<IndexRow[]> {
  const rows = await db
    .select({
      productId: productImageFeatures.productId,
      src: productImageFeatures.src,
      position: productImageFeatures.position,
      phash: productImageFeatures.phash,
      dhash: productImageFeatures.dhash,
      histogram: productImageFeatures.histogram,
      shape: productImageFeatures.shape,
    })
    .from(productImageFeatures)
    .innerJoin(products, eq(products.id, productImageFeatures.productId))
    .where(and(eq(products.isPublished, true), eq(productImageFeatures.extractor, extractor)))
    .orderBy(productImageFeatures.productId, productImageFeatures.position);
  return rows.map((r) => ({
    ...r,
    phash: toUnsigned(BigInt(r.phash)),
    dhash: toUnsigned(BigInt(r.dhash)),
    histogram: new Uint8Array(r.histogram),
    shape: new Uint8Array(r.shape),
  }));
}

/** The ids (of these) that shoppers may see: the index may lag a console edit by one refresh. */
export async function publishedProductIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isPublished, true)));
  return new Set(rows.map((r) => r.id));
}
