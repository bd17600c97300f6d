// `changeDelivery`: an order's delivery changed in the console before it ships (docs/product.md
// §12.6). The status stays; while the goods have not left for the shopper (DELIVERY_EDITABLE_STATUSES)
// the order's address snapshot is replaced under its row lock and the shopper told where it now goes.
// The delivery quote recorded at placing stays: the price was agreed then.
import { DELIVERY_EDITABLE_STATUSES, type OrderStatus } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders, type DeliverySnapshot } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../plugins/errors.ts';
import { deliveryChangedText, notifyOrderShopper } from '../../notifications/index.ts';

const EDITABLE: readonly OrderStatus[] = DELIVERY_EDITABLE_STATUSES;

const sameDelivery = (a: DeliverySnapshot, b: DeliverySnapshot) =>
  a.id === b.id &&
  a.city === b.city &&
  a.address === b.address &&
  (a.point_code ?? null) === (b.point_code ?? null) &&
  a.fio === b.fio &&
  a.last_name === b.last_name &&
  a.phone_number === b.phone_number;

/**
 * Replaces order `orderId`'s delivery inside `tx`. Returns the delivery it had, or null when it
 * already had this one (nothing written, nobody told: a retried request changes nothing).
 * 404 for no such order; 409 once it is handed to the carrier or later.
 */
export async function changeDelivery(
  tx: Database,
  orderId: number,
  delivery: DeliverySnapshot,
): Promise<{ before: DeliverySnapshot } | null> {
  const [order] = await tx
    .select({ status: orders.status, delivery: orders.delivery })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw notFound('Заказ не найден');
  if (!EDITABLE.includes(order.status))
    throw conflict(`Заказ №${orderId} уже передан в доставку или закрыт: адрес не изменить`);
  if (sameDelivery(order.delivery, delivery)) return null;
  await tx.update(orders).set({ delivery }).where(eq(orders.id, orderId));
  await notifyOrderShopper(tx, orderId, {
    kind: 'order.delivery',
    dedupeKey: `order:${orderId}:delivery:${randomUUID()}`,
    text: deliveryChangedText(orderId, delivery),
  });
  return { before: order.delivery };
}
