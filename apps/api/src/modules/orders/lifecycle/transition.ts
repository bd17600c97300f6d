// The one writer of `orders.status` and `order_status_history` (docs/decisions/016-api-table-owners.md),
// private to the lifecycle actions (index.ts, docs/decisions/046-order-lifecycle.md): it enforces
// the contract's transition map (ORDER_TRANSITIONS, docs/product.md §4.15), gives back the stock an
// order still holds when it leaves for `canceled`/`refunded`, and runs the programmes' hook.
import { canTransition, type OrderStatus } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders, orderStatusHistory } from '../../../db/schema/index.ts';
import { restoreLines } from '../../cart/index.ts';
import { refreshListingColumns, releaseStock } from '../../catalog/index.ts';
import { onOrderStatusChanged } from '../../programmes/index.ts';
import { invalidTransition } from './errors.ts';
import { orderLines, productIdsOf } from './lines.ts';

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
 *   («Нужен возврат»), restored by an owner when stock allows (lifecycle/restore.ts). The map
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

/** Records the first status of an order just inserted (inside the placing transaction); who, when staff placed it. */
export async function recordPlaced(
  tx: Database,
  orderId: number,
  by?: { actor: number; note: string },
): Promise<void> {
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, status: PLACED_STATUS, actorTelegramId: by?.actor ?? null, note: by?.note ?? null });
}

/**
 * Moves order `orderId` from `from` to `to` inside `tx`, with its history row (who and why).
 *
 * - A move the transition map forbids throws 409 `invalid_transition` (nothing written), unless
 *   `meta.exception` names it in MAP_EXCEPTIONS.
 * - The update is conditional on the order still being in `from`: returns false, writing
 *   nothing, when it is not (someone else moved it first, or there is no such order).
 * - The programmes' hook runs in the same transaction (bonuses, rewards, commissions).
 * - `paid` stamps `paid_at`. Leaving a status that holds stock (STOCK_HELD_IN) for `canceled` or
 *   `refunded` puts the units back on sale (and the listing columns that follow them); an unpaid
 *   order's lines also go back to the shopper's cart.
 */
export async function transition(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  meta: TransitionMeta = {},
): Promise<boolean> {
  if (!moveAllowed(from, to, meta.exception)) {
    throw invalidTransition(from, to);
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
  if (STOCK_HELD_IN.includes(from) && (to === 'canceled' || to === 'refunded')) {
    await giveBackStock(tx, orderId, from === 'awaiting_payment' ? moved[0]!.userId : null);
  }
  // Bonuses, invite rewards and blogger commissions follow the order (docs/decisions/019).
  await onOrderStatusChanged(tx, orderId, from, to);
  return true;
}

/**
 * Whose stock is it? The one rule: an order holds its units from placing until the goods are
 * bought out (`purchasing`); after that they are gone from our shelf whatever happens to the order.
 */
export const STOCK_HELD_IN: readonly OrderStatus[] = ['awaiting_payment', 'paid'];

/** The units go back on sale; an unpaid order's lines also go back to its shopper's cart. */
async function giveBackStock(tx: Database, orderId: number, cartOf: number | null): Promise<void> {
  const lines = await orderLines(tx, orderId);
  if (lines.length === 0) return;
  await releaseStock(tx, lines);
  if (cartOf !== null) await restoreLines(tx, cartOf, lines);
  await refreshListingColumns(tx, productIdsOf(lines));
}
