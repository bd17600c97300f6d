// `refund`: money went back to the shopper (a refund the provider reports succeeded; refunds
// module). What the order, its stock and the programmes do about it is decided here.
import { canTransition } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { notifyOrderShopper, refundText } from '../../notifications/index.ts';
import { onPartialRefund } from '../../programmes/index.ts';
import { orderMoneyState } from './money.ts';
import { transition } from './transition.ts';

export type SucceededRefund = {
  id: number;
  orderId: number;
  amount: number;
  reason: string;
  actorTelegramId: number | null;
};

/**
 * Called once per refund, in the transaction that marks it succeeded:
 * - one message to the shopper: how much and when it arrives (never a second, status one);
 * - a full refund (everything paid is back) moves the order to `refunded` from any status the map
 *   allows, `completed` included (goods returned): the stock still held goes back on sale, the
 *   spent bonuses come back, the invite reward and the blogger commission are canceled — clawed
 *   back when already available (transition → the programmes' hook);
 * - a partial refund lowers the blogger's commission pro rata to what is still paid.
 */
export async function refund(tx: Database, r: SucceededRefund): Promise<'full' | 'partial'> {
  await notifyOrderShopper(tx, r.orderId, {
    kind: 'refund.succeeded',
    dedupeKey: `refund:${r.id}:succeeded`,
    text: refundText(r.orderId, r.amount),
  });
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, r.orderId))
    .for('update');
  const money = await orderMoneyState(tx, r.orderId);
  if (order && money.refunded >= money.paid) {
    if (canTransition(order.status, 'refunded')) {
      await transition(tx, r.orderId, order.status, 'refunded', { actor: r.actorTelegramId, note: r.reason });
    }
    return 'full';
  }
  await onPartialRefund(tx, r.orderId, money.paid, money.refunded);
  return 'partial';
}
