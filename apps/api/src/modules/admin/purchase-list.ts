// The Poizon purchase list (docs/product.md §12.6): the lines of paid orders not yet bought, grouped by
// product, size and colour; marking lines bought (the only writer of `purchase_marks`) moves an
// order all of whose lines are bought to «Выкупаем товар»; the XLSX export has one row per line.
import type { PurchaseBought, PurchaseGroup, PurchaseLine, PurchaseList } from '@shop/contract';
import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products, purchaseMarks, variants } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { advance } from '../orders/index.ts';
import { writeAudit, type StaffMember } from '../staff/index.ts';

/** A Poizon product page from a numeric SPU (the catalogue's and find's products carry it). */
export const poizonUrl = (spu: string | null): string | null =>
  spu && /^\d{5,12}$/.test(spu) ? `https://www.dewu.com/product-detail.html?spuId=${spu}` : null;

/** Lines still to buy: their order is paid and the line has no mark. */
async function openLines(db: Database): Promise<PurchaseLine[]> {
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      title: orderItems.title,
      variantTitle: orderItems.variantTitle,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      price: orderItems.price,
      sku: variants.sku,
      spu: products.spu,
      paidAt: orders.paidAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(variants, eq(variants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.status, 'paid'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(purchaseMarks)
            .where(eq(purchaseMarks.orderItemId, orderItems.id)),
        ),
      ),
    )
    .orderBy(asc(orderItems.title), asc(orderItems.variantId), asc(orderItems.orderId), asc(orderItems.id));
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    product_id: r.productId,
    variant_id: r.variantId,
    title: r.title,
    variant_title: r.variantTitle,
    size: r.size,
    color: r.color,
    sku: r.sku,
    quantity: r.quantity,
    price: r.price,
    poizon_url: poizonUrl(r.spu),
    paid_at: r.paidAt?.toISOString() ?? null,
  }));
}

export async function getPurchaseList(db: Database): Promise<PurchaseList> {
  const lines = await openLines(db);
  const groups = new Map<string, PurchaseGroup>();
  for (const line of lines) {
    const key = `${line.product_id}|${line.size ?? ''}|${line.color ?? ''}|${line.variant_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        product_id: line.product_id,
        variant_id: line.variant_id,
        title: line.title,
        variant_title: line.variant_title,
        size: line.size,
        color: line.color,
        poizon_url: line.poizon_url,
        quantity: 0,
        lines: [],
      };
      groups.set(key, group);
    }
    group.quantity += line.quantity;
    group.lines.push(line);
  }
  return {
    groups: [...groups.values()],
    lines: lines.length,
    units: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

/**
 * Moves a paid order whose goods are all bought to «Выкупаем товар», with the audit entry and the
 * shopper's message. The one place the purchase list changes a status: point it at the order
 * lifecycle's action when there is one.
 */
export async function moveBoughtOrder(tx: Database, orderId: number, staff: StaffMember): Promise<void> {
  // The lifecycle's action: the move, its history entry and the shopper's message.
  await advance(tx, orderId, 'paid', 'purchasing', {
    actor: staff.telegramId,
    comment: 'Выкуплено по списку закупки',
    notify: true,
    trackingNumber: null,
  });
  await writeAudit(tx, {
    actorTelegramId: staff.telegramId,
    action: 'order.status',
    entity: 'order',
    entityId: String(orderId),
    before: { status: 'paid' },
    after: { status: 'purchasing', comment: 'Выкуплено по списку закупки', notify: true },
  });
}

/** Marks lines bought (a line marked before stays marked); orders now wholly bought move on. */
export async function markLinesBought(
  db: Database,
  lineIds: number[],
  staff: StaffMember,
): Promise<PurchaseBought> {
  return db.transaction(async (tx) => {
    const lines = await tx
      .select({ id: orderItems.id, orderId: orderItems.orderId })
      .from(orderItems)
      .where(inArray(orderItems.id, lineIds));
    const orderIds = [...new Set(lines.map((l) => l.orderId))].sort((a, b) => a - b);
    // Lock the orders, in id order, so a status change made meanwhile cannot slip between.
    const locked =
      orderIds.length === 0
        ? []
        : await tx
            .select({ id: orders.id, status: orders.status })
            .from(orders)
            .where(inArray(orders.id, orderIds))
            .orderBy(asc(orders.id))
            .for('update');
    const missing = lineIds.filter((id) => !lines.some((l) => l.id === id));
    if (missing.length > 0) {
      throw new AppError(404, 'not_found', `Строка заказа ${missing[0]} не найдена`, 'line_ids');
    }
    const notPaid = locked.find((o) => o.status !== 'paid');
    if (notPaid) {
      throw new AppError(409, 'conflict', `Заказ №${notPaid.id} уже не ждёт выкупа`, 'line_ids');
    }
    const inserted = await tx
      .insert(purchaseMarks)
      .values(
        lines.map((l) => ({ orderItemId: l.id, orderId: l.orderId, actorTelegramId: staff.telegramId })),
      )
      .onConflictDoNothing()
      .returning({ id: purchaseMarks.orderItemId });
    const moved: number[] = [];
    for (const orderId of orderIds) {
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(
          and(
            eq(orderItems.orderId, orderId),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(purchaseMarks)
                .where(eq(purchaseMarks.orderItemId, orderItems.id)),
            ),
          ),
        );
      if (Number(left?.n ?? 0) === 0) {
        await moveBoughtOrder(tx, orderId, staff);
        moved.push(orderId);
      }
    }
    if (inserted.length > 0) {
      await writeAudit(tx, {
        actorTelegramId: staff.telegramId,
        action: 'purchase.bought',
        entity: 'order_item',
        entityId: null,
        before: null,
        after: { line_ids: inserted.map((i) => i.id), moved_orders: moved },
      });
    }
    return { marked: inserted.length, moved_orders: moved };
  });
}

const XLSX_COLUMNS = [
  { header: 'Заказ', key: 'order', width: 10 },
  { header: 'Товар', key: 'title', width: 40 },
  { header: 'Вариант', key: 'variant', width: 24 },
  { header: 'Размер', key: 'size', width: 10 },
  { header: 'Цвет', key: 'color', width: 14 },
  { header: 'Артикул', key: 'sku', width: 18 },
  { header: 'Количество', key: 'quantity', width: 12 },
  { header: 'Цена, ₽', key: 'price', width: 12 },
  { header: 'Ссылка Poizon', key: 'url', width: 50 },
  { header: 'Оплачен', key: 'paid', width: 20 },
];

/** The purchase list as an XLSX workbook: a header row and one row per line. */
export async function purchaseListXlsx(list: PurchaseList, timeZone: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Закупка');
  sheet.columns = XLSX_COLUMNS;
  sheet.getRow(1).font = { bold: true };
  const when = new Intl.DateTimeFormat('ru-RU', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  for (const group of list.groups) {
    for (const line of group.lines) {
      sheet.addRow({
        order: line.order_id,
        title: line.title,
        variant: line.variant_title,
        size: line.size ?? '',
        color: line.color ?? '',
        sku: line.sku ?? '',
        quantity: line.quantity,
        price: line.price,
        url: line.poizon_url ?? '',
        paid: line.paid_at ? when.format(new Date(line.paid_at)) : '',
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
