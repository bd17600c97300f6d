// An order's delivery changed in the console before it ships (docs/product.md §12.6, issue 28 item 6):
// a saved address of the order's shopper or a new one (the delivery module saves it to the shopper),
// refused once a parcel is registered with the Russian carrier (it carries the old address); the
// change itself is the lifecycle's `changeDelivery`, with its audit entry in the same transaction.
import type { AdminOrderDeliveryBody } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { listShipments, shopperAddressId, shopperAddressSnapshot } from '../delivery/index.ts';
import { changeDelivery } from '../orders/index.ts';
import { writeAudit, type StaffMember } from '../staff/index.ts';

export const PARCEL_REGISTERED =
  'Посылка уже оформлена у перевозчика со старым адресом: измените адрес у перевозчика или отмените отправление';

export async function changeOrderDelivery(
  app: FastifyInstance,
  orderId: number,
  body: AdminOrderDeliveryBody,
  staff: StaffMember,
): Promise<void> {
  const { db } = app;
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  if ((await listShipments(db, orderId)).some((s) => s.leg === 'russia')) throw conflict(PARCEL_REGISTERED);
  const addressId = await shopperAddressId(db, app.delivery, order.userId, body);
  const delivery = await shopperAddressSnapshot(db, order.userId, addressId);
  await db.transaction(async (tx) => {
    const changed = await changeDelivery(tx, orderId, delivery);
    if (!changed) return;
    await writeAudit(tx, {
      actorTelegramId: staff.telegramId,
      action: 'order.delivery',
      entity: 'order',
      entityId: String(orderId),
      before: { delivery: changed.before },
      after: { delivery },
    });
  });
}
