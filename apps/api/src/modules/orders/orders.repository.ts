// Orders: placing one reserves stock under row locks in a single transaction; lapsed unpaid orders
// give their stock back. Money is integer roubles.
import { INACTIVE_ORDER_STATUSES, type CreateOrderBody, type Order } from '@shop/contract';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  cartItems,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  variants,
  type DeliverySnapshot,
} from '../../db/schema/index.ts';
import { refreshListingColumns } from '../catalog/catalog-import.repository.ts';
import { AppError, conflict, notFound, outOfStock } from '../../plugins/errors.ts';
import { findAddress } from '../delivery/delivery.repository.ts';
import { hasPassport } from '../passport/passport.repository.ts';

export const PASSPORT_REQUIRED = 'Заполните паспортные данные';
export const ORDER_NOT_FOUND = 'Заказ не найден';

type OrderRow = typeof orders.$inferSelect;

/** When an unpaid order lapses: `ttlMin` after it was placed; null once it left awaiting_payment. */
function expiresAt(row: OrderRow, ttlMin: number): string | null {
  if (row.status !== 'awaiting_payment') return null;
  return new Date(row.createdAt.getTime() + ttlMin * 60_000).toISOString();
}

async function withItems(db: Database, rows: OrderRow[], ttlMin: number): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.id);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    total: r.total,
    items: items
      .filter((i) => i.orderId === r.id)
      .map((i) => ({
        product_id: i.productId,
        variant_id: i.variantId,
        title: i.title,
        variant_title: i.variantTitle,
        size: i.size,
        size_eu: i.sizeEu,
        color: i.color,
        image: i.image,
        price: i.price,
        quantity: i.quantity,
      })),
    delivery: r.delivery,
    created_at: r.createdAt.toISOString(),
    expires_at: expiresAt(r, ttlMin),
  }));
}

export async function findOrder(
  db: Database,
  userId: number,
  id: number,
  ttlMin: number,
): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return (await withItems(db, rows, ttlMin))[0];
}

export async function listOrders(
  db: Database,
  userId: number,
  { page, size, activeOnly, ttlMin }: { page: number; size: number; activeOnly: boolean; ttlMin: number },
) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        activeOnly ? notInArray(orders.status, [...INACTIVE_ORDER_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(size + 1)
    .offset(page * size);
  return { orders: await withItems(db, rows.slice(0, size), ttlMin), page, more: rows.length > size };
}

/**
 * Places an order. A repeated Idempotency-Key answers the order it placed first (`created: false`).
 * Stock is locked variant by variant in id order (the same order everywhere, so concurrent buyers
 * never deadlock), checked, decremented; prices and titles are copied; the lines leave the cart.
 */
export async function createOrder(
  db: Database,
  userId: number,
  body: CreateOrderBody,
  idempotencyKey: string,
  ttlMin: number,
): Promise<{ order: Order; created: boolean }> {
  const replay = async () => {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
    return row ? findOrder(db, userId, row.id, ttlMin) : undefined;
  };
  const earlier = await replay();
  if (earlier) return { order: earlier, created: false };

  if (!(await hasPassport(db, userId))) throw new AppError(409, 'passport_required', PASSPORT_REQUIRED);
  const address = await findAddress(db, userId, body.delivery_id);
  if (!address) throw notFound('Адрес доставки не найден');
  const delivery: DeliverySnapshot = {
    id: address.id,
    city: address.city,
    address: address.address,
    fio: address.fio,
    last_name: address.lastName,
    phone_number: address.phoneNumber,
  };

  const orderId = await db.transaction(async (tx) => {
    // Claims the key first: a concurrent request with the same key waits here for this
    // transaction and then finds the key taken.
    const [claimed] = await tx
      .insert(orders)
      .values({ userId, delivery, idempotencyKey })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning({ id: orders.id });
    if (!claimed) return undefined;

    const wanted = [...body.items].sort((a, b) => a.variant_id - b.variant_id);
    const locked = await tx
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
      .where(
        inArray(
          variants.id,
          wanted.map((i) => i.variant_id),
        ),
      )
      .orderBy(variants.id)
      .for('update');
    const byId = new Map(locked.map((v) => [v.id, v]));
    const titles = new Map(
      (
        await tx
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(
            inArray(
              products.id,
              locked.map((v) => v.productId),
            ),
          )
      ).map((p) => [p.id, p.title]),
    );

    let total = 0;
    const lines: (typeof orderItems.$inferInsert)[] = [];
    for (const item of wanted) {
      const variant = byId.get(item.variant_id);
      if (!variant || variant.productId !== item.product_id) throw notFound('Товар не найден');
      const title = titles.get(variant.productId) ?? variant.title;
      if (variant.qty < item.quantity) {
        throw outOfStock(
          variant.qty === 0
            ? `Товар «${title}» закончился`
            : `Недостаточно товара «${title}»: в наличии ${variant.qty} шт.`,
        );
      }
      total += variant.price * item.quantity;
      lines.push({
        orderId: claimed.id,
        productId: variant.productId,
        variantId: variant.id,
        title,
        variantTitle: variant.title,
        size: variant.size,
        sizeEu: variant.sizeEu,
        color: variant.color,
        image: variant.image,
        price: variant.price,
        quantity: item.quantity,
      });
    }
    if (!Number.isSafeInteger(total) || total > 2_147_483_647) throw conflict('Слишком большая сумма заказа');

    for (const item of wanted) {
      await tx
        .update(variants)
        .set({ qty: sql`${variants.qty} - ${item.quantity}` })
        .where(eq(variants.id, item.variant_id));
    }
    await tx.insert(orderItems).values(lines);
    await tx.update(orders).set({ total }).where(eq(orders.id, claimed.id));
    await tx.insert(orderStatusHistory).values({ orderId: claimed.id, status: 'awaiting_payment' });
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.userId, userId),
        inArray(
          cartItems.variantId,
          wanted.map((i) => i.variant_id),
        ),
      ),
    );
    return claimed.id;
  });

  if (orderId === undefined) {
    const order = await replay();
    if (!order) throw conflict('Заказ с этим ключом уже оформляется, повторите запрос');
    return { order, created: false };
  }
  const order = (await findOrder(db, userId, orderId, ttlMin))!;
  // The listing's denormalised stock and price follow the variants. After commit, so the order
  // transaction locks only variant rows; the refresh is one idempotent statement.
  await refreshListingColumns(db, [...new Set(order.items.map((i) => i.product_id))]);
  return { order, created: true };
}

/**
 * Cancels orders unpaid for `ttlMin` minutes and returns their stock. Safe with several API
 * instances: each takes the orders nobody else holds (`FOR UPDATE SKIP LOCKED`). Returns the ids
 * of the orders it canceled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date,
  { ttlMin = 30, batch = 100 }: { ttlMin?: number; batch?: number } = {},
): Promise<number[]> {
  const cutoff = new Date(now.getTime() - ttlMin * 60_000);
  const { ids, productIds } = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.createdAt} < ${cutoff.toISOString()}`))
      .orderBy(orders.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { ids: [], productIds: [] };
    const ids = due.map((o) => o.id);
    const returned = await tx
      .select({
        variantId: orderItems.variantId,
        productId: orderItems.productId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .groupBy(orderItems.variantId, orderItems.productId)
      .orderBy(orderItems.variantId);
    if (returned.length > 0) {
      // Same lock order as placing an order.
      await tx
        .select({ id: variants.id })
        .from(variants)
        .where(
          inArray(
            variants.id,
            returned.map((r) => r.variantId),
          ),
        )
        .orderBy(variants.id)
        .for('update');
      for (const r of returned) {
        await tx
          .update(variants)
          .set({ qty: sql`${variants.qty} + ${r.quantity}` })
          .where(eq(variants.id, r.variantId));
      }
    }
    await tx
      .update(orders)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(inArray(orders.id, ids));
    await tx
      .insert(orderStatusHistory)
      .values(ids.map((orderId) => ({ orderId, status: 'canceled' as const })));
    return { ids, productIds: [...new Set(returned.map((r) => r.productId))] };
  });
  await refreshListingColumns(db, productIds);
  return ids;
}

/** Runs the sweeper every `everyMs` on an unref'd timer; returns a stop function. */
export function startUnpaidOrderSweeper(
  db: Database,
  ttlMin: number,
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
  everyMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const sweep = async () => {
      // Batches of 100 until the backlog is gone.
      for (;;) {
        const ids = await expireUnpaidOrders(db, new Date(), { ttlMin, batch: 100 });
        if (ids.length > 0) log.info({ orders: ids }, 'unpaid orders canceled, stock released');
        if (ids.length < 100) return;
      }
    };
    sweep()
      .catch((err: unknown) => log.error({ err }, 'unpaid order sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
