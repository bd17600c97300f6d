// The one order-status hook of the programmes (docs/decisions/019, 046): called by the orders
// lifecycle's `transition` (and `refund`, for a partial one) inside
// the transaction that changes the order, it moves the order's bonuses, the inviter's reward and
// the blogger's commission. Every write it makes is keyed, so a replayed webhook changes nothing.
//
// | to          | bonuses used            | referral reward              | blogger commission |
// | paid        | held → spent            | pending (first ≥ minimum)    | pending            |
// | completed   | —                       | available (+ bot message)    | posted (available) |
// | canceled    | unpaid: released; paid: returned as a new lot | canceled | canceled   |
// | refunded    | returned as a new lot   | canceled (also once available) | canceled; clawed back (negative entry) once posted |
// | partial refund (status unchanged) | — | —                      | pro rata to what is still paid |
import type { OrderStatus } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { lockBonusAccount, returnOrderBonuses, settleOrderHold } from '../bonus/index.ts';
import { bloggerOnCanceled, bloggerOnCompleted, bloggerOnPaid, setCommissionBase } from '../blogger/index.ts';
import { referralOnCanceled, referralOnCompleted, referralOnPaid } from '../referral/index.ts';
import { programmeSettings } from '../../lib/programme-settings.ts';

export async function onOrderStatusChanged(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
  if (to !== 'paid' && to !== 'completed' && to !== 'canceled' && to !== 'refunded') return;
  const [row] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      toPay: orders.toPay,
      bonusUsed: orders.bonusUsed,
      promoCode: orders.promoCode,
      createdAt: orders.createdAt,
      delivery: orders.delivery,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return;
  const order = { ...row, phone: row.delivery.phone_number };
  switch (to) {
    case 'paid':
      // From awaiting_payment the hold is spent; an order restored after a lapse (`canceled → paid`)
      // had its hold released, and the payment counted those bonuses, so they are spent again.
      if (row.bonusUsed > 0) {
        if (from === 'canceled') await lockBonusAccount(tx, row.userId);
        await settleOrderHold(tx, orderId, 'spent', from === 'canceled' ? ['held', 'released'] : ['held']);
      }
      await referralOnPaid(tx, order);
      await bloggerOnPaid(tx, order);
      return;
    case 'completed':
      await referralOnCompleted(tx, order);
      await bloggerOnCompleted(tx, orderId);
      return;
    case 'canceled':
    case 'refunded':
      if (from === 'awaiting_payment') {
        await settleOrderHold(tx, orderId, 'released');
        return;
      }
      await returnOrderBonuses(tx, row.userId, orderId, programmeSettings().bonusReturnTtlDays);
      await referralOnCanceled(tx, order);
      await bloggerOnCanceled(tx, orderId);
      return;
  }
}

/** A partial refund: the blogger's commission follows the money the shop keeps (paid − refunded). */
export async function onPartialRefund(
  tx: Database,
  orderId: number,
  paid: number,
  refunded: number,
): Promise<void> {
  await setCommissionBase(tx, orderId, paid - refunded);
}
