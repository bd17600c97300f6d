// `markPaid`: money arrived (the payment path) or an owner marked the order paid in the console.
import type { Database } from '../../../db/client.ts';
import { alertStaff, notifyOrderStatus } from '../../notifications/index.ts';
import { transition } from './transition.ts';

export type MarkPaidOutcome = 'paid' | 'paid_too_late';

/**
 * `awaiting_payment → paid` with its history row, the programmes' effects (bonuses spent, rewards
 * and commissions pending), the shopper's message and the staff's «new paid order» alert. When
 * the order is no longer awaiting payment (it lapsed), the money needs a refund: the owners and
 * the staff who chose the «Нужен возврат» alert hear of it, and nothing else changes.
 */
export async function markPaid(
  tx: Database,
  orderId: number,
  meta: {
    actor?: number | null;
    note?: string | null;
    payment?: { id: number; amount: number };
    /** Tell the shopper (default true); the staff alert goes out either way. */
    notify?: boolean;
  } = {},
): Promise<MarkPaidOutcome> {
  const moved = await transition(tx, orderId, 'awaiting_payment', 'paid', {
    actor: meta.actor,
    note: meta.note,
  });
  if (!moved) {
    const key = meta.payment ? `paid_too_late:${meta.payment.id}` : `paid_too_late:order:${orderId}`;
    const amount = meta.payment ? `${meta.payment.amount.toLocaleString('ru-RU')} ₽ ` : '';
    await alertStaff(
      tx,
      'needs_refund',
      key,
      `Оплата ${amount}пришла за отменённый заказ №${orderId}: нужен возврат.`,
    );
    return 'paid_too_late';
  }
  if (meta.notify !== false) await notifyOrderStatus(tx, orderId, 'paid');
  await alertStaff(tx, 'paid_order', `paid_order:${orderId}`, `Новый оплаченный заказ №${orderId}.`);
  return 'paid';
}
