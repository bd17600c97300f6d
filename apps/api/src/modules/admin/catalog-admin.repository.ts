// The console's catalogue edits (docs/product.md §12.2–12.3): a product's texts and publication, a variant's
// price and stock (an import file: import-check.ts). Each keeps the catalogue's derived columns (search vector,
// listing columns) current in the same transaction and lands in the audit log.
import type {
  AdminProduct,
  AdminProductDetail,
  AdminProductListItem,
  AdminProductPatchBody,
  AdminProductsQuery,
  AdminVariant,
  AdminVariantPatchBody,
} from '@shop/contract';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminAuditLog, products, variants } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import {
  editVariant,
  ensureBrand,
  findBrand,
  rebuildSearchTerms,
  refreshListingColumns,
  searchVectorUpdate,
  type VariantRow,
} from '../catalog/index.ts';
import { writeAudit } from '../staff/index.ts';

type Brand = { id: number; name: string } | null;

const toProduct = (p: typeof products.$inferSelect, brand: Brand): AdminProduct => ({
  id: p.id,
  spu: p.spu,
  title: p.title,
  description: p.description,
  is_published: p.isPublished,
  brand,
});

const idAndName = (b: { id: number; name: string } | undefined): Brand => (b ? { id: b.id, name: b.name } : null);

/** A product's brand, or null. */
const brandOfProduct = async (db: Database, p: typeof products.$inferSelect): Promise<Brand> =>
  p.brandId === null ? null : idAndName(await findBrand(db, p.brandId));

/**
 * The brand a patch asks for: another of the shop's (400 when there is none), none (`brand_id:
 * null`), or one typed by name (the shop's of that name in any case, else made now); undefined:
 * the brand is not changed.
 */
async function patchedBrand(
  tx: Database,
  body: AdminProductPatchBody,
): Promise<{ brand: Brand; created: boolean } | undefined> {
  if (body.brand_name !== undefined) {
    const brand = await ensureBrand(tx, body.brand_name);
    return { brand: idAndName(brand), created: brand.created };
  }
  if (body.brand_id === undefined) return undefined;
  if (body.brand_id === null) return { brand: null, created: false };
  const brand = await findBrand(tx, body.brand_id);
  if (!brand) throw badRequest('Нет такого бренда', 'brand_id');
  return { brand: idAndName(brand), created: false };
}

const brandName = (b: Brand) => (b ? `«${b.name}»` : 'без бренда');

function productChangeSummary(
  before: typeof products.$inferSelect & { brand: Brand },
  after: typeof products.$inferSelect & { brand: Brand },
): string {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push(`название «${before.title}» → «${after.title}»`);
  if (before.description !== after.description) parts.push('описание изменено');
  if (before.isPublished !== after.isPublished)
    parts.push(after.isPublished ? 'опубликован' : 'скрыт от покупателей');
  if (before.brandId !== after.brandId) parts.push(`бренд ${brandName(before.brand)} → ${brandName(after.brand)}`);
  return `Товар «${after.title}»: ${parts.join(', ') || 'без изменений'}`;
}

/** What the audit log keeps of a product, before and after an edit. */
const audited = (p: typeof products.$inferSelect, brand: Brand) => ({
  title: p.title,
  description: p.description,
  is_published: p.isPublished,
  brand: brand?.name ?? null,
});

/**
 * PATCH /admin/products/{id}: the texts, the publication and the brand. The search vector (title
 * and brand words) is recomputed here; the facet tokens follow `brand_id` (a generated column) and
 * the token index hears of both through `catalog_changes` (migration 0013); the route drops the
 * cached answers.
 */
export async function patchProduct(
  db: Database,
  id: number,
  body: AdminProductPatchBody,
  actorTelegramId: number,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Товар не найден');
    const beforeBrand = await brandOfProduct(tx, before);
    const next = await patchedBrand(tx, body);
    const [after] = await tx
      .update(products)
      .set({
        ...(body.title === undefined ? {} : { title: body.title, computedTitle: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.is_published === undefined ? {} : { isPublished: body.is_published }),
        ...(next === undefined ? {} : { brandId: next.brand?.id ?? null }),
      })
      .where(eq(products.id, id))
      .returning();
    const afterBrand = next === undefined ? beforeBrand : next.brand;
    await tx.execute(searchVectorUpdate(sql`p.id = ${id}`));
    // Suggestions count only what shoppers can find, and offer every brand (a new one too).
    if (before.isPublished !== after!.isPublished || next?.created) await rebuildSearchTerms(tx);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'product.update',
      entity: 'product',
      entityId: String(id),
      before: audited(before, beforeBrand),
      after: audited(after!, afterBrand),
      summary: productChangeSummary({ ...before, brand: beforeBrand }, { ...after!, brand: afterBrand }),
    });
    return toProduct(after!, afterBrand);
  });
}

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;

/** «Футболка Nike · Черный · L»: the product and the variant as the console names them. */
const variantName = (productTitle: string, v: { title: string; color: string | null; size: string | null }) =>
  [productTitle, v.title || [v.color, v.size].filter(Boolean).join(' · ')].filter(Boolean).join(' · ');

/** What changed, in one Russian sentence (the audit entry's summary). */
function variantChangeSummary(name: string, before: VariantRow, after: VariantRow): string {
  const parts: string[] = [];
  if (before.price !== after.price) parts.push(`цена ${rub(before.price)} → ${rub(after.price)}`);
  if (before.qty !== after.qty) parts.push(`остаток ${before.qty} → ${after.qty} шт.`);
  return `«${name}»: ${parts.join(', ') || 'без изменений'}`;
}

const toVariant = (v: VariantRow): AdminVariant => ({
  id: v.id,
  product_id: v.productId,
  title: v.title,
  price: v.price,
  qty: v.qty,
  version: v.version,
  size: v.size,
  color: v.color,
  sku: v.sku,
});

/**
 * PATCH /admin/variants/{id}: a price, a stock delta, or a stock set at the version read (409
 * `stale`), through the catalogue's stock writer; the audit entry names the product and variant.
 */
export async function patchVariant(
  db: Database,
  id: number,
  body: AdminVariantPatchBody,
  actorTelegramId: number,
): Promise<AdminVariant> {
  return db.transaction(async (tx) => {
    const { before, after } = await editVariant(tx, id, {
      price: body.price,
      qty: body.qty,
      qtyDelta: body.qty_delta,
      version: body.version,
    });
    await refreshListingColumns(tx, [before.productId]);
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, before.productId));
    const name = variantName(product?.title ?? '', after);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'variant.update',
      entity: 'variant',
      entityId: String(id),
      before: { price: before.price, qty: before.qty, product: product?.title ?? null, variant: after.title },
      after: { price: after.price, qty: after.qty, product: product?.title ?? null, variant: after.title },
      summary: variantChangeSummary(name, before, after),
    });
    return toVariant(after);
  });
}

/**
 * POST /admin/variants/{id}/undo: puts back the price of the variant's last change, and its stock
 * by the opposite delta (so units sold since are not given back). 409 when there is nothing to undo.
 */
export async function undoVariantChange(
  db: Database,
  id: number,
  actorTelegramId: number,
): Promise<AdminVariant> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'variant'), eq(adminAuditLog.entityId, String(id))))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    const before = last?.before as { price?: number; qty?: number } | null | undefined;
    const after = last?.after as { price?: number; qty?: number } | null | undefined;
    if (!last || last.action !== 'variant.update' || !before || !after) {
      throw new AppError(
        409,
        'conflict',
        'Отменять нечего: последнее изменение варианта уже отменено или его нет',
      );
    }
    const delta = (before.qty ?? 0) - (after.qty ?? 0);
    const edit = await editVariant(tx, id, {
      ...(before.price !== after.price && before.price !== undefined ? { price: before.price } : {}),
      ...(delta !== 0 ? { qtyDelta: delta } : {}),
    });
    await refreshListingColumns(tx, [edit.before.productId]);
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, edit.before.productId));
    await writeAudit(tx, {
      actorTelegramId,
      action: 'variant.undo',
      entity: 'variant',
      entityId: String(id),
      before: { price: edit.before.price, qty: edit.before.qty },
      after: { price: edit.after.price, qty: edit.after.qty, undid: last.id },
      summary: `Отмена: ${variantChangeSummary(variantName(product?.title ?? '', edit.after), edit.before, edit.after)}`,
    });
    return toVariant(edit.after);
  });
}

/** GET /admin/products/{id}: the product with every variant and its stock version, hidden or not. */
export async function getAdminProductDetail(db: Database, id: number): Promise<AdminProductDetail> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) throw notFound('Товар не найден');
  const rows = await db
    .select()
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.position), asc(variants.id));
  return { ...toProduct(p, await brandOfProduct(db, p)), image: p.imageSrc, variants: rows.map(toVariant) };
}

/**
 * GET /admin/products?q=&hidden=: published and hidden products alike, by title, SPU, id or a
 * variant's SKU; `hidden=1` only the hidden («Скрытые»).
 */
export async function listAdminProducts(
  db: Database,
  query: AdminProductsQuery,
): Promise<AdminProductListItem[]> {
  const q = query.q?.trim().toLowerCase() ?? '';
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: products.id,
      spu: products.spu,
      title: products.title,
      isPublished: products.isPublished,
      image: products.imageSrc,
      minPrice: sql<number | null>`(select min(v.price) from variants v where v.product_id = ${products.id})`,
      qty: sql<number>`(select coalesce(sum(v.qty), 0)::int from variants v where v.product_id = ${products.id})`,
    })
    .from(products)
    .where(
      and(
        query.hidden === undefined ? undefined : eq(products.isPublished, query.hidden === '0'),
        q === ''
          ? undefined
          : or(
              sql`lower(${products.title}) like ${like}`,
              sql`lower(${products.spu}) like ${like}`,
              // A number is also an id; only within int4 (a longer one is just text).
              /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? eq(products.id, Number(q)) : undefined,
              sql`exists (select 1 from variants v where v.product_id = ${products.id} and lower(v.sku) like ${like})`,
            ),
      ),
    )
    .orderBy(asc(products.isPublished), desc(products.id))
    .limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    spu: r.spu,
    title: r.title,
    is_published: r.isPublished,
    image: r.image,
    min_price: r.minPrice === null ? null : Number(r.minPrice),
    qty: Number(r.qty),
  }));
}
