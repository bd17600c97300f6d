// Saved filters of the console's orders list (docs/product.md §12.2): per staff member, on the server,
// so a filter saved on the phone is there on the desktop. The only writer of `staff_order_views`.
import {
  AdminOrderFilterQuerySchema,
  MAX_ORDER_VIEWS,
  type AdminOrderView,
  type AdminOrderViewBody,
} from '@shop/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffOrderViews } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';

const toView = (r: typeof staffOrderViews.$inferSelect): AdminOrderView => ({
  id: r.id,
  name: r.name,
  query: r.query,
  created_at: r.createdAt.toISOString(),
});

/** The query string as the list reads it: only its own keys, each valid (else a 400 in Russian). */
function checkedQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const parsed = AdminOrderFilterQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success || [...params.keys()].length !== new Set(params.keys()).size)
    throw badRequest('Фильтр не подходит к списку заказов', 'query');
  return params.toString();
}

export async function listOrderViews(db: Database, staffTelegramId: number): Promise<AdminOrderView[]> {
  const rows = await db
    .select()
    .from(staffOrderViews)
    .where(eq(staffOrderViews.staffTelegramId, staffTelegramId))
    .orderBy(asc(staffOrderViews.id));
  return rows.map(toView);
}

/** Saves the filter under its name; the same name again replaces that filter's query. */
export async function saveOrderView(
  db: Database,
  staffTelegramId: number,
  body: AdminOrderViewBody,
): Promise<AdminOrderView> {
  const query = checkedQuery(body.query);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffOrderViews.id })
      .from(staffOrderViews)
      .where(and(eq(staffOrderViews.staffTelegramId, staffTelegramId), eq(staffOrderViews.name, body.name)));
    if (!existing) {
      const [total] = await tx
        .select({ n: count() })
        .from(staffOrderViews)
        .where(eq(staffOrderViews.staffTelegramId, staffTelegramId));
      if (Number(total?.n ?? 0) >= MAX_ORDER_VIEWS)
        throw conflict(`Можно сохранить не больше ${MAX_ORDER_VIEWS} фильтров — удалите ненужный`);
    }
    const [row] = await tx
      .insert(staffOrderViews)
      .values({ staffTelegramId, name: body.name, query })
      .onConflictDoUpdate({
        target: [staffOrderViews.staffTelegramId, staffOrderViews.name],
        set: { query },
      })
      .returning();
    return toView(row!);
  });
}

/** Removes one of the staff member's own filters (another's is 404). */
export async function deleteOrderView(db: Database, staffTelegramId: number, id: number): Promise<void> {
  const removed = await db
    .delete(staffOrderViews)
    .where(and(eq(staffOrderViews.id, id), eq(staffOrderViews.staffTelegramId, staffTelegramId)))
    .returning({ id: staffOrderViews.id });
  if (removed.length === 0) throw notFound('Фильтр не найден');
}
