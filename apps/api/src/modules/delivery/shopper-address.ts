// A delivery staff choose for a shopper in the console (a manual order, an order's delivery changed
// before it ships): one of the shopper's saved addresses, or a new one saved to their addresses the
// way the shopper's own «Добавить адрес» saves it (a pickup point's address and hours from the
// carrier); an identical saved one is reused, so a retried request adds nothing.
import type { DeliveryBody } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryAddresses, type DeliverySnapshot } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { createAddress, findAddress, snapshotOf, type DeliveryInput } from './delivery.repository.ts';
import type { DeliveryService } from './delivery.service.ts';

/** A pickup point is saved with the carrier's address and hours, never the client's. */
export async function withCarrierPoint(service: DeliveryService, body: DeliveryBody): Promise<DeliveryInput> {
  if (body.kind !== 'pickup') return body;
  const point = await service.point(body.city_code!, body.point_code!);
  return { ...body, address: point.address, point_hours: point.hours };
}

async function findSame(db: Database, userId: number, input: DeliveryInput) {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(
      and(
        eq(deliveryAddresses.userId, userId),
        eq(deliveryAddresses.kind, input.kind),
        eq(deliveryAddresses.city, input.city),
        eq(deliveryAddresses.address, input.address),
        sql`${deliveryAddresses.pointCode} is not distinct from ${input.kind === 'pickup' ? (input.point_code ?? null) : null}`,
        eq(deliveryAddresses.fio, input.fio),
        eq(deliveryAddresses.lastName, input.last_name),
        eq(deliveryAddresses.phoneNumber, input.phone_number),
      ),
    )
    .limit(1);
  return row;
}

/** The id of the shopper's saved address staff chose, or of the new one they typed (saved, or an identical one). */
export async function shopperAddressId(
  db: Database,
  service: DeliveryService,
  userId: number,
  choice: { delivery_id?: number; delivery?: DeliveryBody },
): Promise<number> {
  if (choice.delivery_id !== undefined) {
    if (!(await findAddress(db, userId, choice.delivery_id))) throw notFound('Адрес доставки не найден');
    return choice.delivery_id;
  }
  const input = await withCarrierPoint(service, choice.delivery!);
  const same = await findSame(db, userId, input);
  if (same) return same.id;
  return (await createAddress(db, userId, { ...input, is_default: false })).id;
}

/** The snapshot an order keeps of one of its shopper's saved addresses. */
export async function shopperAddressSnapshot(db: Database, userId: number, id: number): Promise<DeliverySnapshot> {
  const row = await findAddress(db, userId, id);
  if (!row) throw notFound('Адрес доставки не найден');
  return snapshotOf(row);
}
