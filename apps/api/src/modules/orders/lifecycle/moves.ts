// `cancel`, `advance` and `complete`: the staff's moves of an order (and the shopper's own cancel,
// if one is ever offered). Each is one call inside the caller's transaction.
import type { OrderStatus } from '@shop/contract';
import type { Database } from '../../../db/client.ts';
import { notifyOrderStatus } from '../../notifications/index.ts';
import { invalidTransition } from './errors.ts';
import { transition } from './transition.ts';

export type MoveMeta = {
  /** The staff member's Telegram id; null when the shop itself moves the order. */
  actor: number | null;
  /** The internal comment kept on the history row (never sent to the shopper). */
  comment?: string | null;
  /** Tell the shopper (the status message); default true. */
  notify?: boolean;
  /** Shown under the status message. */
  trackingNumber?: string | null;
};

async function move(tx: Database, orderId: number, from: OrderStatus, to: OrderStatus, meta: MoveMeta) {
  const moved = await transition(tx, orderId, from, to, { actor: meta.actor, note: meta.comment || null });
  if (!moved) throw invalidTransition(from, to);
}

/**
 * Cancels an order: the stock it still holds goes back on sale (an unpaid order's lines also back to
 * the cart), its bonuses are released or returned, the invite reward and the blogger commission
 * are canceled (transition). A paid order canceled together with its money is a full `refund`
 * instead («Отменить и вернуть N ₽» in the console), whose one message says when the money comes back.
 */
export async function cancel(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  meta: MoveMeta,
): Promise<void> {
  await move(tx, orderId, from, 'canceled', meta);
  if (meta.notify !== false) await notifyOrderStatus(tx, orderId, 'canceled');
}

/** Moves an order forward along its path (`paid → purchasing → … → ready_for_pickup`). */
export async function advance(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  meta: MoveMeta,
): Promise<void> {
  if (to === 'canceled' || to === 'refunded' || to === 'paid' || to === 'awaiting_payment') {
    throw invalidTransition(from, to);
  }
  await move(tx, orderId, from, to, meta);
  if (meta.notify !== false)
    await notifyOrderStatus(tx, orderId, to, { trackingNumber: meta.trackingNumber });
}

/** The shopper received the goods: the invite reward and the blogger commission become available. */
export function complete(tx: Database, orderId: number, from: OrderStatus, meta: MoveMeta): Promise<void> {
  return advance(tx, orderId, from, 'completed', meta);
}

/**
 * The carrier moved the parcel a step (delivery's webhook or poll): the order moves forward with
 * the shopper's message naming the pickup point and the tracking link (once per order and status).
 */
export async function advanceByCarrier(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  { note, message }: { note: string; message: string | null },
): Promise<void> {
  await advance(tx, orderId, from, to, { actor: null, comment: note, notify: false });
  await notifyOrderStatus(tx, orderId, to, { comment: message });
}
