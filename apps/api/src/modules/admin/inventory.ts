// The console's inventory (docs/product.md §12.6): every variant with its stock, the units unpaid
// orders hold, the units sold in 30 days, «мало» under the LOW_STOCK_THRESHOLD setting; and stock
// changed by a delta (a count after a delivery, a write-off), never below zero, audit-logged.
import type { AdminInventoryQuery, InventoryList, InventoryRow, StockDeltaBody } from '@shop/contract';
import { and, asc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { refreshListingColumns } from '../catalog/index.ts';
import { writeAudit } from '../staff/index.ts';

const columns = {
  variantId: variants.id,
  productId: variants.productId,
  title: products.title,
  variantTitle: variants.title,
  sku: variants.sku,
  size: variants.size,
  color: variants.color,
  price: variants.price,
  stock: variants.qty,
  reserved: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi
    join orders o on o.id = oi.order_id
    where oi.variant_id = "variants"."id" and o.status = 'awaiting_payment')`,
  sold30d: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi
    join orders o on o.id = oi.order_id
    where oi.variant_id = "variants"."id" and o.paid_at >= now() - interval '30 days')`,
};

async function selectRows(db: Database, where: SQL | undefined, limit: number) {
  return db
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(asc(variants.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (r: Row, threshold: number): InventoryRow => ({
  variant_id: r.variantId,
  product_id: r.productId,
  title: r.title,
  variant_title: r.variantTitle,
  sku: r.sku,
  size: r.size,
  color: r.color,
  price: r.price,
  stock: r.stock,
  reserved: Number(r.reserved),
  sold_30d: Number(r.sold30d),
  low: r.stock < threshold,
});

export async function listInventory(
  db: Database,
  query: AdminInventoryQuery,
  threshold: number,
): Promise<InventoryList> {
  const q = query.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await selectRows(
    db,
    and(
      query.low === '1' ? lt(variants.qty, threshold) : undefined,
      like ? or(ilike(products.title, like), ilike(variants.sku, like)) : undefined,
      query.cursor === undefined ? undefined : gt(variants.id, query.cursor),
    ),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  return {
    threshold,
    rows: page.map((r) => toRow(r, threshold)),
    cursor: rows.length > query.limit ? page.at(-1)!.variantId : null,
  };
}

/** Adds `delta` to a variant's stock under its row lock; 409 when the stock would go below zero. */
export async function changeStock(
  db: Database,
  variantId: number,
  body: StockDeltaBody,
  actorTelegramId: number,
  threshold: number,
): Promise<InventoryRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
    if (!before) throw notFound('Вариант не найден');
    const qty = before.qty + body.delta;
    if (qty < 0) {
      throw new AppError(
        409,
        'conflict',
        `На складе ${before.qty} шт.: нельзя списать ${-body.delta}`,
        'delta',
      );
    }
    await tx.update(variants).set({ qty }).where(eq(variants.id, variantId));
    await refreshListingColumns(tx, [before.productId]);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'variant.stock',
      entity: 'variant',
      entityId: String(variantId),
      before: { qty: before.qty },
      after: { qty, delta: body.delta, reason: body.reason ?? null },
    });
    // The staff alert when a variant runs out belongs to the staff alert settings (not built here):
    // `qty === 0` at this point is where it would be raised.
    const [row] = await selectRows(tx, eq(variants.id, variantId), 1);
    return toRow(row!, threshold);
  });
}
