// Shipments of an order (docs/product.md §11.9): the only writer of `shipments`. Staff add and
// correct them in the order card independently of the order's status, or register the Russian
// leg with the carrier; the carrier's statuses arrive by webhook and by polling, both applied
// by `applyCarrierEvents`, which is idempotent (an event already recorded changes nothing).
import {
  ORDER_STATUSES,
  canTransition,
  type CreateShipmentBody,
  type OrderStatus,
  type PatchShipmentBody,
  type Shipment,
  type ShipmentStatus,
} from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, shipments, type ShipmentEvent } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../plugins/errors.ts';
import { loadPassport } from '../passport/index.ts';
import { writeAudit } from '../staff/index.ts';
import { toOrderDelivery } from './delivery.repository.ts';
import { DeliveryProviderError, shipmentStatusOf, type CarrierEvent } from './delivery-provider.ts';
import type { DeliveryService } from './delivery.service.ts';

type Row = typeof shipments.$inferSelect;

export const SHIPMENT_NOT_FOUND = 'Отправление не найдено';

export const toShipment = (r: Row): Shipment => ({
  id: r.id,
  leg: r.leg,
  carrier: r.carrier,
  number: r.number,
  link: r.link,
  status: r.status,
  registered: r.externalUuid !== null,
  events: r.events,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function listShipments(db: Database, orderId: number): Promise<Shipment[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id));
  return rows.map(toShipment);
}

/** The carrier's tracking page of a number, for carriers the shop knows. */
function linkFor(service: DeliveryService, carrier: string, number: string | null): string | null {
  if (!number) return null;
  if (carrier === 'cdek' && service.provider) return service.provider.trackingLink(number);
  return null;
}

async function lockOrder(tx: Database, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, userId: orders.userId, delivery: orders.delivery })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw notFound('Заказ не найден');
  return order;
}

// ---------------------------------------------------------------- the order follows its parcel

/**
 * The order status a Russian-leg parcel status moves the order to: handed to the carrier →
 * `delivering`, at the pickup point → `ready_for_pickup`, received → `completed`.
 */
const ORDER_STATUS_OF: Partial<Record<ShipmentStatus, OrderStatus>> = {
  in_transit: 'delivering',
  at_pickup_point: 'ready_for_pickup',
  delivered: 'completed',
};

/**
 * Moves the order forward to `to` when it is behind it, through the orders lifecycle's `advance`
 * (given to the delivery service by app.ts: orders sits above delivery), with the shopper's message
 * (once per order and status). The one place delivery changes an order's status.
 */
async function advanceOrder(
  tx: Database,
  service: DeliveryService,
  orderId: number,
  to: OrderStatus,
  note: string,
  message: string | null,
) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return;
  const from = order.status;
  if (ORDER_STATUSES.indexOf(to) <= ORDER_STATUSES.indexOf(from) || !canTransition(from, to)) return;
  await service.moveOrder(tx, orderId, from, to, { note, message });
}

const key = (e: { code: string; at: string }) => `${e.code}@${e.at}`;

/**
 * Records the carrier's events of a registered shipment (webhook or poll), in one transaction:
 * new events only, the status of the latest one, and the order moved when the parcel reached a
 * new step. Answers false when nothing was new (a replayed webhook, a poll with no news).
 */
export async function applyCarrierEvents(
  db: Database,
  service: DeliveryService,
  where: { carrier: string; uuid: string },
  update: { events: CarrierEvent[]; carrierNumber?: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.carrier, where.carrier), eq(shipments.externalUuid, where.uuid)))
      .for('update');
    if (!row) return false;
    const known = new Set(row.events.map(key));
    const fresh = update.events.filter((e) => !known.has(key(e)));
    const number = row.number ?? update.carrierNumber ?? null;
    const numberChanged = number !== row.number;
    if (fresh.length === 0 && !numberChanged) return false;
    const events: ShipmentEvent[] = [...row.events, ...fresh].sort((a, b) => a.at.localeCompare(b.at));
    // The status of the latest event that says where the parcel is.
    const latest = [...events].reverse().find((e) => shipmentStatusOf(e.code) !== undefined);
    const status = latest ? shipmentStatusOf(latest.code)! : row.status;
    const link = row.link ?? linkFor(service, row.carrier, number);
    await tx
      .update(shipments)
      .set({
        events,
        status,
        carrierStatus: events.at(-1)?.code ?? row.carrierStatus,
        number,
        link,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, row.id));
    const to = row.leg === 'russia' ? ORDER_STATUS_OF[status] : undefined;
    if (to && status !== row.status) {
      const [order] = await tx
        .select({ delivery: orders.delivery })
        .from(orders)
        .where(eq(orders.id, row.orderId));
      const delivery = order ? toOrderDelivery(order.delivery) : undefined;
      const lines = [
        number ? `Трек-номер: ${number}` : null,
        to === 'ready_for_pickup' && delivery?.kind === 'pickup'
          ? `Пункт выдачи: ${delivery.address}${delivery.point_hours ? `, ${delivery.point_hours}` : ''}`
          : null,
        link ? `Отследить: ${link}` : null,
      ].filter(Boolean);
      await advanceOrder(
        tx,
        service,
        row.orderId,
        to,
        `${row.carrier.toUpperCase()}: ${latest!.name}`,
        lines.join('\n') || null,
      );
    }
    return true;
  });
}

// ---------------------------------------------------------------- staff: add, register, correct

/** The parcel number sent to the carrier: ours, ASCII, unique per shipment. */
const carrierOrderNumber = (orderId: number, shipmentId: number) => `order-${orderId}-s${shipmentId}`;

export async function addShipment(
  db: Database,
  service: DeliveryService,
  dataKey: Buffer,
  orderId: number,
  body: CreateShipmentBody,
  actorTelegramId: number,
): Promise<Shipment> {
  if (!body.register) {
    return db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      const number = body.number ?? null;
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId,
          leg: body.leg,
          carrier: body.carrier,
          number,
          link: body.link ?? linkFor(service, body.carrier, number),
        })
        .returning();
      await writeAudit(tx, {
        actorTelegramId,
        action: 'shipment.add',
        entity: 'order',
        entityId: String(orderId),
        before: null,
        after: { shipment: row!.id, leg: body.leg, carrier: body.carrier, number },
      });
      return toShipment(row!);
    });
  }
  return registerShipment(db, service, dataKey, orderId, body, actorTelegramId);
}

/**
 * Registers the Russian leg with the carrier (CDEK `POST /v2/orders`): the recipient with the
 * passport and INN customs needs, to the order's pickup point or door. The row is written first
 * under the order's lock (a second registration while one is live is 409), then the carrier is
 * called; a refusal removes the row again and answers 502 with the carrier's reason.
 */
async function registerShipment(
  db: Database,
  service: DeliveryService,
  dataKey: Buffer,
  orderId: number,
  body: CreateShipmentBody,
  actorTelegramId: number,
): Promise<Shipment> {
  const provider = service.provider;
  if (body.leg !== 'russia' || body.carrier !== 'cdek' || !provider) {
    throw new AppError(
      400,
      'bad_request',
      'Зарегистрировать у перевозчика можно только российский участок в СДЭК',
      'register',
    );
  }
  const { row, order } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'awaiting_payment' || order.status === 'canceled' || order.status === 'refunded') {
      throw conflict('Отправление регистрируют только для оплаченного заказа');
    }
    const live = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          eq(shipments.orderId, orderId),
          eq(shipments.carrier, 'cdek'),
          sql`${shipments.externalUuid} is not null`,
          sql`${shipments.status} <> 'problem'`,
        ),
      );
    if (live.length > 0) throw conflict('Этот заказ уже зарегистрирован в СДЭК');
    const [row] = await tx.insert(shipments).values({ orderId, leg: 'russia', carrier: 'cdek' }).returning();
    return { row: row!, order };
  });
  const drop = () => db.delete(shipments).where(eq(shipments.id, row.id));
  try {
    const delivery = toOrderDelivery(order.delivery);
    if (!delivery.city_code)
      throw conflict('В адресе заказа нет города СДЭК: выберите город в адресе доставки');
    const passport = await loadPassport(db, dataKey, order.userId);
    if (!passport) throw new AppError(409, 'passport_required', 'У покупателя нет паспортных данных');
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const units = items.reduce((n, i) => n + i.quantity, 0);
    const parcel = service.parcel(units);
    const destination =
      delivery.kind === 'pickup' && delivery.point_code
        ? { city_code: delivery.city_code, point_code: delivery.point_code }
        : { city_code: delivery.city_code, address: delivery.address };
    const [quoted] = await db.select({ q: orders.deliveryQuote }).from(orders).where(eq(orders.id, orderId));
    let created: { uuid: string };
    try {
      const tariff = await provider.quote(destination, parcel);
      created = await provider.createShipment({
        number: carrierOrderNumber(orderId, row.id),
        destination,
        tariff_code: tariff.tariff_code,
        recipient: {
          name: [passport.last_name, passport.first_name, passport.middle_name].filter(Boolean).join(' '),
          phone: delivery.phone_number,
          email: passport.email,
          passport_series: passport.series,
          passport_number: passport.number,
          passport_date_of_issue: passport.issue_date,
          passport_date_of_birth: passport.birth_date,
          tin: passport.inn,
        },
        parcel,
        items: items.map((i) => ({
          name: [i.title, i.variantTitle].filter(Boolean).join(', ').slice(0, 255),
          ware_key: `${i.variantId}`,
          cost: i.price,
          weight_g: Math.round(parcel.weight_g / Math.max(1, units)),
          amount: i.quantity,
        })),
        delivery_recipient_cost: quoted?.q?.price ?? tariff.price,
      });
    } catch (err) {
      if (err instanceof DeliveryProviderError) throw new AppError(502, 'bad_gateway', err.message);
      throw err;
    }
    const [saved] = await db.transaction(async (tx) => {
      await writeAudit(tx, {
        actorTelegramId,
        action: 'shipment.register',
        entity: 'order',
        entityId: String(orderId),
        before: null,
        after: { shipment: row.id, carrier: 'cdek', uuid: created.uuid },
      });
      return tx
        .update(shipments)
        .set({ externalUuid: created.uuid, updatedAt: sql`now()` })
        .where(eq(shipments.id, row.id))
        .returning();
    });
    // The carrier's number and first statuses, when it already has them (else the poll brings them).
    try {
      const tracking = await provider.track(created.uuid);
      await applyCarrierEvents(
        db,
        service,
        { carrier: 'cdek', uuid: created.uuid },
        {
          events: tracking.events,
          carrierNumber: tracking.carrier_number,
        },
      );
    } catch {
      // The poll asks again.
    }
    const [fresh] = await db.select().from(shipments).where(eq(shipments.id, row.id));
    return toShipment(fresh ?? saved!);
  } catch (err) {
    await drop();
    throw err;
  }
}

export async function patchShipment(
  db: Database,
  service: DeliveryService,
  orderId: number,
  shipmentId: number,
  body: PatchShipmentBody,
  actorTelegramId: number,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)))
      .for('update');
    if (!row) throw notFound(SHIPMENT_NOT_FOUND);
    const carrier = body.carrier ?? row.carrier;
    const number = body.number === undefined ? row.number : body.number;
    const link =
      body.link !== undefined
        ? body.link
        : number !== row.number || carrier !== row.carrier
          ? linkFor(service, carrier, number)
          : row.link;
    const [updated] = await tx
      .update(shipments)
      .set({ carrier, number, link, status: body.status ?? row.status, updatedAt: sql`now()` })
      .where(eq(shipments.id, row.id))
      .returning();
    await writeAudit(tx, {
      actorTelegramId,
      action: 'shipment.edit',
      entity: 'order',
      entityId: String(orderId),
      before: {
        shipment: row.id,
        carrier: row.carrier,
        number: row.number,
        link: row.link,
        status: row.status,
      },
      after: { shipment: row.id, carrier, number, link, status: updated!.status },
    });
    return toShipment(updated!);
  });
}

/** A registered shipment's label (PDF) from the carrier. */
export async function shipmentLabel(
  db: Database,
  service: DeliveryService,
  orderId: number,
  shipmentId: number,
): Promise<Buffer> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)));
  if (!row) throw notFound(SHIPMENT_NOT_FOUND);
  if (!row.externalUuid || !service.provider)
    throw conflict('Этикетку печатают для отправлений, зарегистрированных в СДЭК');
  try {
    return await service.provider.label(row.externalUuid);
  } catch (err) {
    if (err instanceof DeliveryProviderError) throw new AppError(502, 'bad_gateway', err.message);
    throw err;
  }
}
