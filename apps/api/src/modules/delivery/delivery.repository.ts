// Saved delivery addresses; at most one default per shopper (partial unique index), switched in
// one transaction.
import type { DeliveryAddress, DeliveryBody, Order } from '@shop/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  deliveryAddresses,
  type DeliveryQuoteSnapshot,
  type DeliverySnapshot,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';

export const MAX_ADDRESSES = 20;
const NOT_FOUND = 'Адрес доставки не найден';

type Row = typeof deliveryAddresses.$inferSelect;

export const toDeliveryAddress = (row: Row): DeliveryAddress => ({
  id: row.id,
  kind: row.kind,
  city: row.city,
  city_code: row.cityCode,
  address: row.address,
  point_code: row.kind === 'pickup' ? row.pointCode : null,
  point_hours: row.kind === 'pickup' ? row.pointHours : null,
  fio: row.fio,
  last_name: row.lastName,
  phone_number: row.phoneNumber,
  is_default: row.isDefault,
});

/** A saved delivery as the API stores it: a pickup point's address and hours come from the carrier. */
export type DeliveryInput = DeliveryBody & { point_hours?: string | null };

const columns = (body: DeliveryInput) => ({
  kind: body.kind,
  city: body.city,
  cityCode: body.city_code ?? null,
  address: body.address,
  pointCode: body.kind === 'pickup' ? (body.point_code ?? null) : null,
  pointHours: body.kind === 'pickup' ? (body.point_hours ?? null) : null,
  fio: body.fio,
  lastName: body.last_name,
  phoneNumber: body.phone_number,
});

export async function listAddresses(db: Database, userId: number): Promise<DeliveryAddress[]> {
  const rows = await db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId))
    .orderBy(desc(deliveryAddresses.isDefault), desc(deliveryAddresses.id));
  return rows.map(toDeliveryAddress);
}

export async function findAddress(db: Database, userId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, userId)));
  return row;
}

/** Locks the shopper's user row so that concurrent address changes serialise per shopper. */
async function lockShopper(tx: Database, userId: number) {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function createAddress(db: Database, userId: number, body: DeliveryInput) {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.userId, userId));
    if (count >= MAX_ADDRESSES) throw conflict(`Можно сохранить не больше ${MAX_ADDRESSES} адресов`);
    const makeDefault = body.is_default || count === 0;
    if (makeDefault) {
      await tx
        .update(deliveryAddresses)
        .set({ isDefault: false })
        .where(and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.isDefault, true)));
    }
    const [row] = await tx
      .insert(deliveryAddresses)
      .values({ userId, ...columns(body), isDefault: makeDefault })
      .returning();
    return toDeliveryAddress(row!);
  });
}

export async function updateAddress(db: Database, userId: number, id: number, body: DeliveryInput) {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const existing = await findAddress(tx, userId, id);
    if (!existing) throw notFound(NOT_FOUND);
    // The default can be moved to another address, not simply switched off.
    const makeDefault = body.is_default || existing.isDefault;
    if (makeDefault && !existing.isDefault) {
      await tx
        .update(deliveryAddresses)
        .set({ isDefault: false })
        .where(and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.isDefault, true)));
    }
    const [row] = await tx
      .update(deliveryAddresses)
      .set({ ...columns(body), isDefault: makeDefault, updatedAt: sql`now()` })
      .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, userId)))
      .returning();
    return toDeliveryAddress(row!);
  });
}

export async function deleteAddress(db: Database, userId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [removed] = await tx
      .delete(deliveryAddresses)
      .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, userId)))
      .returning();
    if (!removed) throw notFound(NOT_FOUND);
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: deliveryAddresses.id })
        .from(deliveryAddresses)
        .where(and(eq(deliveryAddresses.userId, userId), ne(deliveryAddresses.id, id)))
        .orderBy(desc(deliveryAddresses.id))
        .limit(1);
      if (next)
        await tx.update(deliveryAddresses).set({ isDefault: true }).where(eq(deliveryAddresses.id, next.id));
    }
  });
}

/** The copy of an address an order keeps (place-order.ts). */
export const snapshotOf = (row: Row): DeliverySnapshot => ({
  id: row.id,
  city: row.city,
  address: row.address,
  fio: row.fio,
  last_name: row.lastName,
  phone_number: row.phoneNumber,
  kind: row.kind,
  city_code: row.cityCode,
  point_code: row.kind === 'pickup' ? row.pointCode : null,
  point_hours: row.kind === 'pickup' ? row.pointHours : null,
});

/** An order's address as the API answers it; orders placed before pickup points read as courier. */
export const toOrderDelivery = (s: DeliverySnapshot): Order['delivery'] => ({
  id: s.id,
  kind: s.kind ?? 'courier',
  city: s.city,
  city_code: s.city_code ?? null,
  address: s.address,
  point_code: s.point_code ?? null,
  point_hours: s.point_hours ?? null,
  fio: s.fio,
  last_name: s.last_name,
  phone_number: s.phone_number,
});

/** What an order recorded of its quote, as the API answers it. */
export const toOrderQuote = (q: DeliveryQuoteSnapshot | null): Order['delivery_quote'] =>
  q === null
    ? null
    : {
        price: q.price,
        days_min: q.days_min,
        days_max: q.days_max,
        date_from: q.date_from,
        date_to: q.date_to,
        duty: q.duty,
      };
