// Variant stock (`variants.qty`) outside the importer: reserved when an order is placed, released
// when an order gives it back, edited by staff in the console (editVariant). Variants are always locked in id order, in one statement, so two
// transactions touching the same variants never deadlock.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { AppError, notFound, outOfStock } from '../../plugins/errors.ts';
import { unpublished } from './product.repository.ts';

export type StockLine = { productId: number; variantId: number; quantity: number };

/** A reserved variant as an order line snapshots it. */
export type ReservedVariant = {
  id: number;
  productId: number;
  productTitle: string;
  price: number;
  title: string;
  size: string | null;
  sizeEu: string | null;
  color: string | null;
  image: string | null;
};

async function lockVariants(tx: Database, variantIds: number[]) {
  return tx
    .select({
      id: variants.id,
      productId: variants.productId,
      price: variants.price,
      title: variants.title,
      size: variants.size,
      sizeEu: variants.sizeEu,
      color: variants.color,
      image: variants.image,
      qty: variants.qty,
    })
    .from(variants)
    .where(inArray(variants.id, variantIds))
    .orderBy(variants.id)
    .for('update');
}

/**
 * Takes `quantity` units of each line's variant, all or nothing (call inside the order's
 * transaction). Throws 404 for a variant that is not its product's, 409 `conflict` for a hidden
 * product (unless `requirePublished` is false), `out_of_stock` when short.
 */
export async function reserveStock(
  tx: Database,
  lines: StockLine[],
  // Placing sells only published products; restoring an order already paid does not ask.
  { requirePublished = true }: { requirePublished?: boolean } = {},
): Promise<Map<number, ReservedVariant>> {
  if (lines.length === 0) return new Map();
  const locked = await lockVariants(
    tx,
    lines.map((l) => l.variantId),
  );
  const byId = new Map(locked.map((v) => [v.id, v]));
  const titles = new Map(
    (
      await tx
        .select({
          id: products.id,
          title: products.title,
          // A find import is unpublished (unlisted) yet on sale.
          isPublished: sql<boolean>`(${products.isPublished} OR ${products.source} <> 'catalog')`,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            locked.map((v) => v.productId),
          ),
        )
    ).map((p) => [p.id, p]),
  );
  const reserved = new Map<number, ReservedVariant>();
  for (const line of lines) {
    const variant = byId.get(line.variantId);
    if (!variant || variant.productId !== line.productId) throw notFound('Товар не найден');
    const { qty, ...rest } = variant;
    const product = titles.get(variant.productId);
    const productTitle = product?.title ?? variant.title;
    if (requirePublished && product && !product.isPublished) throw unpublished(productTitle);
    if (qty < line.quantity) {
      throw outOfStock(
        qty === 0
          ? `Товар «${productTitle}» закончился`
          : `Недостаточно товара «${productTitle}»: в наличии ${qty} шт.`,
      );
    }
    reserved.set(variant.id, { ...rest, productTitle });
  }
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    await tx
      .update(variants)
      .set({ qty: sql`${variants.qty} - ${line.quantity}` })
      .where(inArray(variants.id, [line.variantId]));
  }
  return reserved;
}

/** Puts units back on sale (call inside the transaction that ends the reservation). */
export async function releaseStock(tx: Database, lines: Pick<StockLine, 'variantId' | 'quantity'>[]) {
  const total = new Map<number, number>();
  for (const l of lines) total.set(l.variantId, (total.get(l.variantId) ?? 0) + l.quantity);
  if (total.size === 0) return;
  const present = await lockVariants(tx, [...total.keys()]);
  for (const { id } of present) {
    await tx
      .update(variants)
      .set({ qty: sql`${variants.qty} + ${total.get(id)!}` })
      .where(inArray(variants.id, [id]));
  }
}

export type VariantEdit = { price?: number; qtyDelta?: number; qty?: number; version?: number };
export type VariantRow = typeof variants.$inferSelect;

/**
 * A staff member's edit of one variant (docs/decisions/046): the price alone never touches stock;
 * stock moves by a delta (never below 0: 409 `conflict`) or is set to `qty`
 * only while its version is still the one the editor read (409 `stale`). Every change of `qty`
 * adds one to `version` (a trigger, so reservations and releases count too).
 */
export async function editVariant(
  tx: Database,
  id: number,
  edit: VariantEdit,
): Promise<{ before: VariantRow; after: VariantRow }> {
  const [before] = await tx.select().from(variants).where(eq(variants.id, id)).for('update');
  if (!before) throw notFound('Вариант не найден');
  if (edit.qty !== undefined && edit.version !== before.version) {
    throw new AppError(
      409,
      'stale',
      `Остаток изменился (сейчас ${before.qty} шт.): обновите и попробуйте снова`,
      'qty',
    );
  }
  if (edit.qtyDelta !== undefined && before.qty + edit.qtyDelta < 0) {
    throw new AppError(
      409,
      'conflict',
      `Остаток не может стать меньше нуля (сейчас ${before.qty} шт.)`,
      'qty_delta',
    );
  }
  const [after] = await tx
    .update(variants)
    .set({
      ...(edit.price === undefined ? {} : { price: edit.price }),
      ...(edit.qty === undefined ? {} : { qty: edit.qty }),
      ...(edit.qtyDelta === undefined ? {} : { qty: sql`${variants.qty} + ${edit.qtyDelta}` }),
    })
    .where(eq(variants.id, id))
    .returning();
  return { before, after: after! };
}
