// A manual order (docs/product.md §12.6, issue 28 item 6): staff place an order for a shopper who
// ordered in a chat. The delivery is one of the shopper's saved addresses or a new one (the delivery
// module saves it); the order itself is the lifecycle's `place` with `placedBy`, so stock, money,
// the unpaid cap and the idempotency key are the checkout's own, the cart is left alone, and the bot
// sends the shopper the payment link in the same transaction as the order and its audit entry.
import type { AdminManualOrder, AdminManualOrderBody } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { quoteForOrder, shopperAddressId } from '../delivery/index.ts';
import { place } from '../orders/index.ts';
import { writeAudit, type StaffMember } from '../staff/index.ts';

export const SHOPPER_NOT_FOUND = 'Покупатель не найден';

/** The key a console order is claimed under: its own space beside the shopper's checkout keys. */
const consoleKey = (key: string) => `console:${key}`;

export async function placeManualOrder(
  app: FastifyInstance,
  body: AdminManualOrderBody,
  idempotencyKey: string,
  staff: StaffMember,
): Promise<{ order: AdminManualOrder; created: boolean }> {
  const { db } = app;
  const [shopper] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!shopper) throw notFound(SHOPPER_NOT_FOUND);
  const deliveryId = await shopperAddressId(db, app.delivery, shopper.id, body);
  const { order, created } = await place(
    db,
    shopper.id,
    { items: body.items, delivery_id: deliveryId },
    consoleKey(idempotencyKey),
    app.env.orderTtlMin,
    { orders: app.env.rateLimits.unpaidOrders, units: app.env.rateLimits.unpaidUnits },
    (delivery, items) => quoteForOrder(db, app.delivery, delivery, items, app.log),
    {
      actor: staff.telegramId,
      record: (tx, placed) =>
        writeAudit(tx, {
          actorTelegramId: staff.telegramId,
          action: 'order.manual',
          entity: 'order',
          entityId: String(placed.id),
          before: null,
          after: {
            user_id: shopper.id,
            items: body.items,
            delivery_id: deliveryId,
            total: placed.total,
            to_pay: placed.toPay,
          },
        }),
    },
  );
  return {
    order: {
      id: order.id,
      status: order.status,
      total: order.total,
      to_pay: order.to_pay,
      user_id: shopper.id,
    },
    created,
  };
}
