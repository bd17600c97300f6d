// The console's customers (docs/product.md §12.6): every shopper with their orders, the money they
// paid less refunds, the last order, the bonus balance and who brought them; the customer's card.
// Reads only.
import type { AdminCustomer, AdminCustomerList, AdminCustomerRow, AdminCustomersQuery } from '@shop/contract';
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  bloggerAttributions,
  bloggers,
  deliveryAddresses,
  notifications,
  orderNotes,
  orders,
  referrals,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { bonusBalance } from '../bonus/index.ts';

const referrer = alias(users, 'referrer');

/** Money of succeeded payments less succeeded refunds of one user's orders. */
const paidTotalSql = sql<number>`(
  coalesce((select sum(p.amount) from payments p join orders o on o.id = p.order_id
    where o.user_id = ${users.id} and p.status = 'succeeded'), 0)
  - coalesce((select sum(r.amount) from refunds r join orders o on o.id = r.order_id
    where o.user_id = ${users.id} and r.status = 'succeeded'), 0)
)::int`;

const columns = {
  id: users.id,
  telegramId: users.telegramId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  botMayWrite: users.botMayWrite,
  createdAt: users.createdAt,
  orders: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`,
  lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.user_id = ${users.id})`,
  paidTotal: paidTotalSql,
  phone: sql<string | null>`coalesce(
    (select o.delivery->>'phone_number' from orders o where o.user_id = ${users.id} order by o.id desc limit 1),
    (select a.phone_number from delivery_addresses a where a.user_id = ${users.id} order by a.is_default desc, a.id desc limit 1)
  )`,
  referrerId: referrer.id,
  referrerFirst: referrer.firstName,
  referrerLast: referrer.lastName,
  bloggerCode: bloggers.promoCode,
};

function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/^@/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  const alternatives: SQL[] = [
    sql`${users.username} ilike ${like}`,
    sql`${users.firstName} ilike ${like}`,
    sql`${users.lastName} ilike ${like}`,
    sql`(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) ilike ${like}`,
  ];
  if (digits.length >= 4) {
    const tail = `%${digits.slice(-10)}%`;
    alternatives.push(
      sql`exists (select 1 from delivery_addresses a where a.user_id = ${users.id}
        and regexp_replace(a.phone_number, '\\D', '', 'g') like ${tail})`,
      sql`exists (select 1 from orders o where o.user_id = ${users.id}
        and regexp_replace(o.delivery->>'phone_number', '\\D', '', 'g') like ${tail})`,
    );
  }
  return or(...alternatives);
}

async function selectCustomers(db: Database, where: SQL | undefined, limit: number) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(referrals, eq(referrals.refereeId, users.id))
    .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
    .leftJoin(bloggerAttributions, eq(bloggerAttributions.userId, users.id))
    .leftJoin(bloggers, eq(bloggers.id, bloggerAttributions.bloggerId))
    .where(where)
    .orderBy(desc(users.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectCustomers>>[number];

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

async function toRow(db: Database, r: Row): Promise<AdminCustomerRow> {
  return {
    id: r.id,
    telegram_id: r.telegramId,
    first_name: r.firstName,
    last_name: r.lastName,
    username: r.username,
    phone_number: r.phone,
    orders: Number(r.orders),
    paid_total: Number(r.paidTotal),
    last_order_at: iso(r.lastOrderAt),
    bonus_balance: await bonusBalance(db, r.id),
    referred_by:
      r.referrerId === null
        ? null
        : { id: r.referrerId, name: [r.referrerFirst, r.referrerLast].filter(Boolean).join(' ') },
    blogger: r.bloggerCode,
    bot_may_write: r.botMayWrite,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listCustomers(db: Database, query: AdminCustomersQuery): Promise<AdminCustomerList> {
  const rows = await selectCustomers(
    db,
    and(searchCondition(query.q), query.cursor === undefined ? undefined : lt(users.id, query.cursor)),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  return {
    customers: await Promise.all(page.map((r) => toRow(db, r))),
    cursor: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}

export async function getCustomer(db: Database, userId: number): Promise<AdminCustomer> {
  const [row] = await selectCustomers(db, eq(users.id, userId), 1);
  if (!row) throw notFound('Покупатель не найден');
  // The subqueries name the outer row in full: drizzle writes a lone table's columns unqualified,
  // and inside them a bare "id" would be the inner table's.
  const orderRows = await db
    .select({
      id: orders.id,
      status: orders.status,
      total: orders.total,
      createdAt: orders.createdAt,
      paid: sql<number>`(select coalesce(sum(p.amount), 0)::int from payments p where p.order_id = "orders"."id" and p.status = 'succeeded')`,
      refunded: sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.order_id = "orders"."id" and r.status = 'succeeded')`,
      itemsCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id));
  const addresses = await db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId))
    .orderBy(desc(deliveryAddresses.isDefault), asc(deliveryAddresses.id));
  const messages = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(50);
  const orderIds = orderRows.map((o) => o.id);
  const notes =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(orderNotes)
          .where(inArray(orderNotes.orderId, orderIds))
          .orderBy(desc(orderNotes.id));
  return {
    ...(await toRow(db, row)),
    orders_list: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      total: o.total,
      paid: Number(o.paid),
      refunded: Number(o.refunded),
      items_count: Number(o.itemsCount),
      created_at: o.createdAt.toISOString(),
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      city: a.city,
      address: a.address,
      recipient: `${a.fio} ${a.lastName}`.trim(),
      phone_number: a.phoneNumber,
      is_default: a.isDefault,
    })),
    messages: messages.map((m) => ({
      order_id: m.orderId,
      text: m.text,
      status: m.status,
      created_at: m.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ order_id: n.orderId, text: n.text, created_at: n.createdAt.toISOString() })),
  };
}
