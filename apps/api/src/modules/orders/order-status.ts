// The one writer of `orders.status` and `order_status_history` (docs/decisions/016-api-table-owners.md).
// Placing, expiry, payments and the admin console all move orders through `transition`, which
// enforces the transition map of the contract (ORDER_TRANSITIONS, docs/product.md §4.15).
import { canTransition, type OrderStatus } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { refreshListingColumns } from '../catalog/listing-columns.ts';
import { releaseStock } from '../catalog/stock.ts';
import { restoreLines } from '../cart/cart.repository.ts';
import { onOrderStatusChanged } from '../programmes/order-hook.ts';

/**
 * Who moved an order and why, kept on its history row: `actor` is the staff member's Telegram id
 * (absent when the shop itself moved it: payment, lapse), `note` the reason as written.
 */
export type TransitionMeta = {
  actor?: number | null;
  note?: string | null;
  /** A move outside the map, allowed only as named in MAP_EXCEPTIONS. */
  exception?: MapException;
};

/**
 * The only moves the transition map does not hold, each for one named path:
 * - `restore_paid`: `canceled → paid` for an order a payment succeeded for after it was canceled
 *   («Нужен возврат»), restored by an owner when stock allows (admin/order-restore.ts). The map
 *   keeps `canceled` final for everyone else.
 */
const MAP_EXCEPTIONS = {
  restore_paid: { from: 'canceled', to: 'paid' },
} as const satisfies Record<string, { from: OrderStatus; to: OrderStatus }>;
export type MapException = keyof typeof MAP_EXCEPTIONS;

function moveAllowed(from: OrderStatus, to: OrderStatus, exception: MapException | undefined): boolean {
  if (canTransition(from, to)) return true;
  if (exception === undefined) return false;
  const allowed = MAP_EXCEPTIONS[exception];
  return allowed.from === from && allowed.to === to;
}

/** The status every order is placed in. */
export const PLACED_STATUS = 'awaiting_payment' satisfies OrderStatus;

/** Records the first status of an order just inserted (inside the placing transaction). */
export async function recordPlaced(tx: Database, orderId: number): Promise<void> {
  await tx.insert(orderStatusHistory).values({ orderId, status: PLACED_STATUS });
}

/**
 * Moves order `orderId` from `from` to `to` inside `tx`, with its history row (who and why).
 *
 * - A move the transition map forbids throws 409 `invalid_transition` (nothing written), unless
 *   `meta.exception` names it in MAP_EXCEPTIONS.
 * - The update is conditional on the order still being in `from`: returns false, writing
 *   nothing, when it is not (someone else moved it first, or there is no such order).
 * - The programmes' hook runs in the same transaction (bonuses, rewards, commissions).
 * - `paid` stamps `paid_at`. Canceling an unpaid order gives back what placing took, in the same
 *   transaction: its stock (and the listing columns that follow it) and its lines to the cart.
 */
export async function transition(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  meta: TransitionMeta = {},
): Promise<boolean> {
  if (!moveAllowed(from, to, meta.exception)) {
    throw new AppError(409, 'invalid_transition', `Заказ нельзя перевести из статуса «${from}» в «${to}»`);
  }
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'paid' ? { paidAt: sql`now()` } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id, userId: orders.userId });
  if (moved.length === 0) return false;
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, status: to, actorTelegramId: meta.actor ?? null, note: meta.note ?? null });
  if (from === 'awaiting_payment' && to === 'canceled') await giveBackUnpaid(tx, orderId, moved[0]!.userId);
  // Bonuses, invite rewards and blogger commissions follow the order (docs/decisions/019).
  await onOrderStatusChanged(tx, orderId, from, to);
  return true;
}

/** The shopper did not pay: the units go back on sale and the lines back to the shopper's cart. */
async function giveBackUnpaid(tx: Database, orderId: number, userId: number): Promise<void> {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  await releaseStock(tx, lines);
  await restoreLines(tx, userId, lines);
  await refreshListingColumns(tx, [...new Set(lines.map((l) => l.productId))]);
}
