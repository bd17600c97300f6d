// Cart lines per (shopper, variant). Adding checks stock; the line count is capped.
import { MAX_LINE_QTY, type CartEntry } from '@shop/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartItems, users, variants } from '../../db/schema/index.ts';
import { conflict, notFound, outOfStock } from '../../plugins/errors.ts';
import { loadProductBriefs } from '../catalog/index.ts';
import { findVariant, unpublished } from '../catalog/index.ts';

export const MAX_CART_LINES = 100;
export const OUT_OF_STOCK = 'Этого товара нет в наличии';
const NOT_IN_CART = 'Этого товара нет в корзине';

const notEnough = (qty: number) => outOfStock(`Столько нет в наличии: доступно ${qty} шт.`);

/**
 * Every change of a cart restarts the abandoned-cart reminder's 24 hours (cart-reminder.ts); a
 * cart found empty at a change is over, so the next line starts a new cart with its own one
 * reminder. Call inside the transaction of the change, after it.
 */
export async function touchCart(tx: Database, userId: number) {
  await tx.execute(sql`
    insert into cart_activity (user_id, changed_at) values (${userId}, now())
    on conflict (user_id) do update set changed_at = now(),
      reminded_at = case when exists (select 1 from cart_items c where c.user_id = ${userId})
                         then cart_activity.reminded_at else null end`);
}

export async function listCart(db: Database, userId: number): Promise<CartEntry[]> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      variant: {
        id: variants.id,
        price: variants.price,
        title: variants.title,
        size: variants.size,
        sizeEu: variants.sizeEu,
        color: variants.color,
        image: variants.image,
        qty: variants.qty,
      },
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.variantId));
  const briefs = await loadProductBriefs(
    db,
    rows.map((r) => r.productId),
  );
  const entries = new Map<number, CartEntry>();
  for (const row of rows) {
    const product = briefs.get(row.productId);
    if (!product) continue;
    let entry = entries.get(row.productId);
    if (!entry) {
      entry = { product_id: row.productId, product, variants: [] };
      entries.set(row.productId, entry);
    }
    const v = row.variant;
    entry.variants.push({
      id: v.id,
      price: v.price,
      title: v.title,
      size: v.size,
      size_eu: v.sizeEu,
      color: v.color,
      image: v.image,
      qty: v.qty,
      quantity: row.quantity,
    });
  }
  return [...entries.values()];
}

/** Number of distinct variants in the cart (the basket tab badge). */
export async function cartLength(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ len: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.len ?? 0;
}

/** Adds `quantity` of a variant (incrementing an existing line) in one transaction. */
export async function addToCart(
  db: Database,
  userId: number,
  line: { productId: number; variantId: number; quantity: number },
) {
  return db.transaction(async (tx) => {
    // The shopper's row is the cart's lock: concurrent adds count the lines one after the other,
    // so the cap holds (without it, 130 concurrent adds on PostgreSQL made 107 lines).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const variant = await findVariant(tx, line.productId, line.variantId);
    if (!variant) throw notFound('Товар не найден');
    if (!variant.isPublished) throw unpublished();
    if (variant.qty <= 0) throw outOfStock(OUT_OF_STOCK);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId)))
      .for('update');
    if (!existing) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(cartItems)
        .where(eq(cartItems.userId, userId));
      if (count >= MAX_CART_LINES) throw conflict(`В корзине может быть не больше ${MAX_CART_LINES} товаров`);
    }
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_LINE_QTY) throw conflict(`Не больше ${MAX_LINE_QTY} штук одного товара`);
    if (quantity > variant.qty) throw notEnough(variant.qty);
    const [row] = await tx
      .insert(cartItems)
      .values({ userId, productId: line.productId, variantId: line.variantId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: {
          quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${MAX_LINE_QTY})`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    await touchCart(tx, userId);
    return { product_id: row!.productId, variant_id: row!.variantId, quantity: row!.quantity };
  });
}

export async function setCartQuantity(db: Database, userId: number, variantId: number, quantity: number) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variantId)))
      .for('update');
    if (!line) throw notFound(NOT_IN_CART);
    const variant = await findVariant(tx, line.productId, variantId);
    if (!variant) throw notFound('Товар не найден');
    if (!variant.isPublished) throw unpublished();
    if (quantity > variant.qty) throw variant.qty === 0 ? outOfStock(OUT_OF_STOCK) : notEnough(variant.qty);
    const [row] = await tx
      .update(cartItems)
      .set({ quantity, updatedAt: sql`now()` })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variantId)))
      .returning();
    await touchCart(tx, userId);
    return { product_id: row!.productId, variant_id: row!.variantId, quantity: row!.quantity };
  });
}

export async function removeFromCart(db: Database, userId: number, variantId: number) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variantId)))
      .returning({ variantId: cartItems.variantId });
    if (removed.length === 0) throw notFound(NOT_IN_CART);
    await touchCart(tx, userId);
  });
}

/** Takes lines out of the cart, e.g. the ones an order was just placed with (inside its transaction). */
export async function removeLines(tx: Database, userId: number, variantIds: number[]) {
  if (variantIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)));
  await touchCart(tx, userId);
}

/**
 * Puts lines back into the cart (an unpaid order that ended): merged with lines already there,
 * each capped at MAX_LINE_QTY; new lines only while the cart has room (MAX_CART_LINES); variants
 * no longer sold are skipped. Call inside the transaction that ends the order.
 */
export async function restoreLines(
  tx: Database,
  userId: number,
  lines: { productId: number; variantId: number; quantity: number }[],
) {
  if (lines.length === 0) return;
  const sold = new Set(
    (
      await tx
        .select({ id: variants.id, productId: variants.productId })
        .from(variants)
        .where(
          inArray(
            variants.id,
            lines.map((l) => l.variantId),
          ),
        )
    ).map((v) => `${v.productId}:${v.id}`),
  );
  const existing = await tx
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .for('update');
  const inCart = new Set(existing.map((r) => r.variantId));
  let room = MAX_CART_LINES - inCart.size;
  for (const line of lines) {
    if (!sold.has(`${line.productId}:${line.variantId}`)) continue;
    if (!inCart.has(line.variantId)) {
      if (room <= 0) continue;
      room -= 1;
      inCart.add(line.variantId);
    }
    await tx
      .insert(cartItems)
      .values({
        userId,
        productId: line.productId,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, MAX_LINE_QTY),
      })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: {
          quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${MAX_LINE_QTY})`,
          updatedAt: sql`now()`,
        },
      });
  }
  await touchCart(tx, userId);
}
