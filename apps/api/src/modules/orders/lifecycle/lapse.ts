// `lapse`: an unpaid order whose time ran out (ORDER_TTL_MIN), canceled by the sweeper.
import type { Database } from '../../../db/client.ts';
import { lapsedText, notifyOrderShopper, REORDER_BUTTON_TEXT } from '../../notifications/index.ts';
import { transition } from './transition.ts';

/** The app path of the «Оформить снова» button: the cart, where the lapsed order's lines went back. */
const REORDER_PATH = '/basket';

/**
 * `awaiting_payment → canceled`: the units go back on sale and the lines back to the cart, the held
 * bonuses are released (transition), and the shopper is told, with «Оформить снова». False when
 * the order was no longer awaiting payment (paid or canceled meanwhile): nothing written.
 */
export async function lapse(tx: Database, orderId: number): Promise<boolean> {
  const moved = await transition(tx, orderId, 'awaiting_payment', 'canceled', { note: 'Не оплачен вовремя' });
  if (!moved) return false;
  await notifyOrderShopper(tx, orderId, {
    kind: 'order.lapsed',
    dedupeKey: `order:${orderId}:status:canceled`,
    text: lapsedText(orderId),
    button: { text: REORDER_BUTTON_TEXT, path: REORDER_PATH },
  });
  return true;
}
