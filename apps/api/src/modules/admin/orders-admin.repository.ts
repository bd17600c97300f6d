// The console's view of orders (docs/product.md §12.2–12.3): the filtered list with per-tab counts, the
// order card, the CSV export; and the only writer of `order_notes`.
import { listShipments, toOrderDelivery, toOrderQuote } from '../delivery/index.ts';
import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDER_TABS,
  NEEDS_REFUND_TAB,
  type AdminOrderSort,
  type AdminNote,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminOrderTab,
  type OrderStatus,
} from '@shop/contract';
import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import {
  botUnreachableChats,
  orderItems,
  orderNotes,
  orders,
  orderStatusHistory,
  orderTracking,
  payments,
  users,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { listOrderNotifications } from '../notifications/index.ts';
import { listOrderRefunds, needsRefundSql, orderMoney } from '../refunds/index.ts';
import { writeAudit } from '../staff/index.ts';
import type { ExportLine, ExportOrder } from './orders-csv.ts';
import { dayEnd, dayStart } from './stats.repository.ts';

const needsRefund = needsRefundSql(orders.id, orders.status);

/** Conditions of `q`, `from`, `to` (days in the shop's time zone; the tabs' counts use only these). */
function searchConditions(query: AdminOrdersQuery, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (query.from) where.push(sql`${orders.createdAt} >= ${dayStart(query.from, timeZone)}`);
  if (query.to) where.push(sql`${orders.createdAt} < ${dayEnd(query.to, timeZone)}`);
  const q = query.q?.trim();
  if (q) {
    const number = /^№?\s*(\d{1,9})$/.exec(q);
    const digits = q.replace(/\D/g, '');
    const like = `%${q.replace(/^@/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const alternatives: SQL[] = [
      sql`${users.username} ilike ${like}`,
      sql`${users.firstName} ilike ${like}`,
      sql`${users.lastName} ilike ${like}`,
      sql`${orders.delivery}->>'fio' ilike ${like}`,
      sql`${orders.delivery}->>'last_name' ilike ${like}`,
      // A full name either way round: «Ольга Смирнова», «Смирнова Ольга» (the shopper's or the recipient's).
      sql`concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${like}`,
      sql`concat_ws(' ', ${users.lastName}, ${users.firstName}) ilike ${like}`,
      sql`concat_ws(' ', ${orders.delivery}->>'fio', ${orders.delivery}->>'last_name') ilike ${like}`,
      sql`concat_ws(' ', ${orders.delivery}->>'last_name', ${orders.delivery}->>'fio') ilike ${like}`,
      // A product in the order, by its title or variant («Nike»).
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and (${orderItems.title} ilike ${like} or ${orderItems.variantTitle} ilike ${like}))`,
    ];
    if (number) alternatives.push(eq(orders.id, Number(number[1])));
    if (digits.length >= 4) {
      alternatives.push(
        sql`regexp_replace(${orders.delivery}->>'phone_number', '\\D', '', 'g') like ${`%${digits.slice(-10)}%`}`,
      );
    }
    where.push(or(...alternatives)!);
  }
  return where;
}

function tabCondition(tabs: AdminOrderTab[] | undefined): SQL | undefined {
  if (!tabs || tabs.length === 0) return undefined;
  const statuses = tabs.filter((t): t is OrderStatus => t !== NEEDS_REFUND_TAB);
  const parts: SQL[] = [];
  if (statuses.length > 0) parts.push(inArray(orders.status, statuses));
  if (tabs.includes(NEEDS_REFUND_TAB)) parts.push(needsRefund);
  return or(...parts);
}

const rowColumns = {
  id: orders.id,
  status: orders.status,
  total: orders.total,
  discount: orders.discount,
  bonusUsed: orders.bonusUsed,
  toPay: orders.toPay,
  delivery: orders.delivery,
  deliveryQuote: orders.deliveryQuote,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  userId: users.id,
  telegramId: users.telegramId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  unreachable: sql<boolean>`exists (select 1 from ${botUnreachableChats} where ${botUnreachableChats.chatId} = ${users.telegramId})`,
  trackingNumber: orderTracking.trackingNumber,
  needsRefund: sql<boolean>`${needsRefund}`,
  itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
};

/** Each sort's ORDER BY (the id breaks ties, so the keyset is total). */
const SORT_ORDER: Record<AdminOrderSort, SQL[]> = {
  newest: [desc(orders.id)],
  oldest: [asc(orders.id)],
  total_desc: [desc(orders.total), desc(orders.id)],
  total_asc: [asc(orders.total), asc(orders.id)],
  updated: [desc(orders.updatedAt), desc(orders.id)],
};

/** `updated_at` in whole microseconds (a JS Date would drop them and break the keyset's ties). */
const updatedMicros = sql<string>`(extract(epoch from ${orders.updatedAt}) * 1000000)::bigint::text`;

async function selectRows(
  db: Database,
  where: SQL | undefined,
  limit: number,
  sort: AdminOrderSort = 'newest',
) {
  return db
    .select({ ...rowColumns, updatedMicros })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderTracking, eq(orderTracking.orderId, orders.id))
    .where(where)
    .orderBy(...SORT_ORDER[sort])
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (r: Row): AdminOrderRow => ({
  id: r.id,
  status: r.status,
  total: r.total,
  items_count: Number(r.itemsCount),
  user: {
    id: r.userId,
    telegram_id: r.telegramId,
    first_name: r.firstName,
    last_name: r.lastName,
    username: r.username,
    unreachable: Boolean(r.unreachable),
  },
  recipient: `${r.delivery.fio} ${r.delivery.last_name}`.trim(),
  phone_number: r.delivery.phone_number,
  city: r.delivery.city,
  tracking_number: r.trackingNumber,
  needs_refund: Boolean(r.needsRefund),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const INT4_MAX = 2_147_483_647;
const isInt4Id = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX;

/** The keyset cursor of a sort: `<sort>:<key>:<last id>` (the key: total, or updated_at in µs). */
function makeCursor(sort: AdminOrderSort, row: Row): string {
  const key =
    sort === 'total_desc' || sort === 'total_asc'
      ? String(row.total)
      : sort === 'updated'
        ? row.updatedMicros
        : '';
  return `${sort}:${key}:${row.id}`;
}

/**
 * The condition «after the cursor» in the list's sort. A forged cursor, or one of another sort
 * (a page of «Сумма ↓» asked for under «Новые»), is a 400 — never a database error (500).
 */
function afterCursor(cursor: string | undefined, sort: AdminOrderSort): SQL | undefined {
  if (cursor === undefined) return undefined;
  const [cursorSort, key = '', idText = ''] = cursor.split(':');
  if (cursorSort !== sort) {
    if (cursorSort && (ADMIN_ORDER_SORTS as readonly string[]).includes(cursorSort))
      throw badRequest('Курсор от другой сортировки — откройте список заново', 'cursor');
    throw badRequest('Некорректный курсор', 'cursor');
  }
  const id = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN;
  if (!isInt4Id(id)) throw badRequest('Некорректный курсор', 'cursor');
  if (sort === 'newest') return lt(orders.id, id);
  if (sort === 'oldest') return gt(orders.id, id);
  if (sort === 'total_desc' || sort === 'total_asc') {
    const total = /^\d{1,10}$/.test(key) ? Number(key) : NaN;
    if (!(total >= 0 && total <= INT4_MAX)) throw badRequest('Некорректный курсор', 'cursor');
    return sort === 'total_desc'
      ? sql`(${orders.total}, ${orders.id}) < (${total}, ${id})`
      : sql`(${orders.total}, ${orders.id}) > (${total}, ${id})`;
  }
  // Microseconds since 1970 up to the year 9999.
  if (!/^\d{1,18}$/.test(key) || Number(key) > 253_402_300_799_000_000)
    throw badRequest('Некорректный курсор', 'cursor');
  return sql`(${orders.updatedAt}, ${orders.id}) < (timestamptz 'epoch' + (${key} || ' microseconds')::interval, ${id})`;
}

export async function listAdminOrders(db: Database, query: AdminOrdersQuery, timeZone: string) {
  const search = searchConditions(query, timeZone);
  const rows = await selectRows(
    db,
    and(...search, tabCondition(query.status), afterCursor(query.cursor, query.sort)),
    query.limit + 1,
    query.sort,
  );
  const page = rows.slice(0, query.limit);
  const countRows = await db
    .select({
      status: orders.status,
      count: sql<number>`count(*)::int`,
      needsRefund: sql<number>`(count(*) filter (where ${needsRefund}))::int`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...search))
    .groupBy(orders.status);
  const counts = Object.fromEntries(ADMIN_ORDER_TABS.map((t) => [t, 0])) as AdminOrderCounts;
  for (const c of countRows) {
    counts[c.status] = Number(c.count);
    counts[NEEDS_REFUND_TAB] += Number(c.needsRefund);
  }
  return {
    orders: page.map(toRow),
    cursor: rows.length > query.limit ? makeCursor(query.sort, page.at(-1)!) : null,
    more: rows.length > query.limit,
    counts,
  };
}

/** Every order of the filter for the CSV exports, in the list's sort (capped), with its money and lines. */
export async function exportAdminOrders(
  db: Database,
  query: AdminOrdersQuery,
  timeZone: string,
  cap = 50_000,
): Promise<ExportOrder[]> {
  const rows = await selectRows(
    db,
    and(...searchConditions(query, timeZone), tabCondition(query.status)),
    cap,
    query.sort,
  );
  const money = new Map<number, { paid: number; refunded: number }>();
  const lines = new Map<number, ExportLine[]>();
  for (let i = 0; i < rows.length; i += 5000) {
    const ids = rows.slice(i, i + 5000).map((r) => r.id);
    const [sums, items] = await Promise.all([
      queryRows<{ id: number; paid: number; refunded: number }>(
        db,
        sql`SELECT o.id,
              coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded'), 0)::int AS paid,
              coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)::int AS refunded
            FROM orders o WHERE o.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      ),
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    ]);
    for (const s of sums) money.set(s.id, { paid: Number(s.paid), refunded: Number(s.refunded) });
    for (const item of items) {
      const list = lines.get(item.orderId) ?? [];
      list.push({
        title: item.title,
        variant_title: item.variantTitle,
        size: item.size,
        price: item.price,
        quantity: item.quantity,
      });
      lines.set(item.orderId, list);
    }
  }
  return rows.map((r) => ({
    ...toRow(r),
    discount: r.discount,
    bonus_used: r.bonusUsed,
    to_pay: r.toPay,
    paid: money.get(r.id)?.paid ?? 0,
    refunded: money.get(r.id)?.refunded ?? 0,
    lines: lines.get(r.id) ?? [],
  }));
}

const actorName = (first: string | null, last: string | null) =>
  first ? [first, last].filter(Boolean).join(' ') : null;

export async function getAdminOrder(db: Database, orderId: number, orderTtlMin: number): Promise<AdminOrder> {
  const [row] = await selectRows(db, eq(orders.id, orderId), 1);
  if (!row) throw notFound('Заказ не найден');
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const history = await db
    .select({ entry: orderStatusHistory, firstName: users.firstName, lastName: users.lastName })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.telegramId, orderStatusHistory.actorTelegramId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const noteRows = await db
    .select({ note: orderNotes, firstName: users.firstName, lastName: users.lastName })
    .from(orderNotes)
    .leftJoin(users, eq(users.telegramId, orderNotes.authorTelegramId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.id));
  const money = await orderMoney(db, orderId);
  const base = toRow(row);
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    discount: row.discount,
    bonus_used: row.bonusUsed,
    to_pay: row.toPay,
    items: items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variantId,
      title: i.title,
      variant_title: i.variantTitle,
      size: i.size,
      size_eu: i.sizeEu,
      color: i.color,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
    })),
    delivery: toOrderDelivery(row.delivery),
    delivery_quote: toOrderQuote(row.deliveryQuote),
    shipments: await listShipments(db, orderId),
    created_at: base.created_at,
    expires_at:
      row.status === 'awaiting_payment'
        ? new Date(row.createdAt.getTime() + orderTtlMin * 60_000).toISOString()
        : null,
    updated_at: base.updated_at,
    user: base.user,
    tracking_number: base.tracking_number,
    needs_refund: base.needs_refund,
    paid_amount: money.paid,
    refunded_amount: money.refunded,
    history: history.map(({ entry, firstName, lastName }) => ({
      status: entry.status,
      actor:
        entry.actorTelegramId === null
          ? null
          : { telegram_id: entry.actorTelegramId, name: actorName(firstName, lastName) },
      comment: entry.note,
      created_at: entry.createdAt.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      transaction_guid: p.transactionGuid,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      amount: p.amount,
      status: p.status,
      created_at: p.createdAt.toISOString(),
    })),
    refunds: await listOrderRefunds(db, orderId),
    notifications: await listOrderNotifications(db, orderId),
    notes: noteRows.map(({ note, firstName, lastName }) => toNote(note, firstName, lastName)),
  };
}

const toNote = (
  n: typeof orderNotes.$inferSelect,
  firstName: string | null,
  lastName: string | null,
): AdminNote => ({
  id: n.id,
  order_id: n.orderId,
  text: n.text,
  author:
    n.authorTelegramId === null
      ? null
      : { telegram_id: n.authorTelegramId, name: actorName(firstName, lastName) },
  created_at: n.createdAt.toISOString(),
});

export async function addOrderNote(
  db: Database,
  orderId: number,
  text: string,
  author: { telegramId: number; name: string | null },
): Promise<AdminNote> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Заказ не найден');
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, authorTelegramId: author.telegramId, text })
      .returning();
    await writeAudit(tx, {
      actorTelegramId: author.telegramId,
      action: 'order.note',
      entity: 'order',
      entityId: String(orderId),
      before: null,
      after: { note_id: note!.id, text },
    });
    return toNote(note!, author.name, null);
  });
}
