// What a blogger and shoppers read (docs/product.md §13.4, §13.5): stats, the commission list,
// picks, the public page and the bloggers among search suggestions.
import type { BloggerStats, Commission, Pick, PublicUser } from '@shop/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { bloggerLedger, bloggerPicks, bloggers, products, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { loadProductBriefs } from '../catalog/index.ts';
import { requireBlogger } from './blogger.repository.ts';

export async function bloggerStats(
  db: Database,
  bloggerId: number,
  period: '7d' | '30d' | 'all',
): Promise<BloggerStats> {
  const since =
    period === 'all' ? new Date(0) : new Date(Date.now() - (period === '7d' ? 7 : 30) * 86_400_000);
  const iso = since.toISOString();
  const [row] = await queryRows<Record<string, string | null>>(
    db,
    sql`select
      (select sum(opens) from blogger_link_opens where blogger_id = ${bloggerId} and day >= ${iso.slice(0, 10)}::date) as opens,
      (select count(*) from blogger_attributions where blogger_id = ${bloggerId} and created_at >= ${iso}) as new_buyers,
      (select count(*) from blogger_ledger where blogger_id = ${bloggerId} and kind = 'commission' and status <> 'canceled' and created_at >= ${iso}) as orders,
      (select sum(base_amount) from blogger_ledger where blogger_id = ${bloggerId} and kind = 'commission' and status <> 'canceled' and created_at >= ${iso}) as revenue,
      (select sum(amount) from blogger_ledger where blogger_id = ${bloggerId} and kind = 'commission' and status <> 'canceled' and created_at >= ${iso}) as earned`,
  );
  return {
    period,
    opens: Number(row?.opens ?? 0),
    new_buyers: Number(row?.new_buyers ?? 0),
    orders: Number(row?.orders ?? 0),
    revenue: Number(row?.revenue ?? 0),
    earned: Number(row?.earned ?? 0),
  };
}

export async function listCommissions(
  db: Database,
  bloggerId: number,
  q: { cursor?: number | undefined; size: number },
) {
  const rows = await db
    .select()
    .from(bloggerLedger)
    .where(
      and(
        eq(bloggerLedger.bloggerId, bloggerId),
        eq(bloggerLedger.kind, 'commission'),
        q.cursor ? lt(bloggerLedger.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(bloggerLedger.id))
    .limit(q.size + 1);
  const items: Commission[] = rows.slice(0, q.size).map((r) => ({
    id: r.id,
    order_id: r.orderId ?? 0,
    order_total: r.baseAmount ?? 0,
    percent: r.percent ?? 0,
    amount: r.amount,
    status: r.status === 'posted' ? 'approved' : r.status,
    created_at: r.createdAt.toISOString(),
  }));
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
  };
}

// ---------------------------------------------------------------- picks and the public page

async function loadPicks(db: Database, bloggerId: number): Promise<Pick[]> {
  const rows = await db
    .select({ productId: bloggerPicks.productId, comment: bloggerPicks.comment })
    .from(bloggerPicks)
    .innerJoin(products, eq(products.id, bloggerPicks.productId))
    .where(and(eq(bloggerPicks.bloggerId, bloggerId), eq(products.isPublished, true)))
    .orderBy(bloggerPicks.position);
  const briefs = await loadProductBriefs(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((r) => {
    const product = briefs.get(r.productId);
    return product ? [{ product, comment: r.comment }] : [];
  });
}

export async function getPicks(db: Database, userId: number): Promise<Pick[]> {
  const b = await requireBlogger(db, userId);
  return loadPicks(db, b.id);
}

export async function setPicks(
  db: Database,
  userId: number,
  items: { product_id: number; comment: string }[],
): Promise<Pick[]> {
  const b = await requireBlogger(db, userId);
  const ids = items.map((i) => i.product_id);
  if (ids.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isPublished, true)));
    if (found.length !== new Set(ids).size) throw notFound('Товар не найден');
  }
  await db.transaction(async (tx) => {
    await tx.delete(bloggerPicks).where(eq(bloggerPicks.bloggerId, b.id));
    if (items.length > 0) {
      await tx.insert(bloggerPicks).values(
        items.map((i, position) => ({
          bloggerId: b.id,
          productId: i.product_id,
          comment: i.comment,
          position,
        })),
      );
    }
  });
  return loadPicks(db, b.id);
}

/** `GET /users/{id}`: only an approved blogger has a public page. */
export async function publicUser(db: Database, userId: number): Promise<PublicUser> {
  const [row] = await db
    .select({ b: bloggers, firstName: users.firstName, lastName: users.lastName, photoUrl: users.photoUrl })
    .from(bloggers)
    .innerJoin(users, eq(users.id, bloggers.userId))
    .where(and(eq(bloggers.userId, userId), eq(bloggers.status, 'approved')));
  if (!row) throw notFound('Пользователь не найден');
  return {
    id: userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    avatar: row.photoUrl,
    platform: row.b.platform as PublicUser['platform'],
    channel_url: row.b.url,
    followers: row.b.followers,
    topic: row.b.topic,
    promo_code: row.b.promoCode,
    picks: await loadPicks(db, row.b.id),
  };
}

/**
 * Approved bloggers whose name or promo code starts with `prefix` (search suggestions), most
 * followed first (ties by id). `BloggerSuggestions` answers the same from memory.
 */
export async function suggestBloggers(db: Database, prefix: string, limit: number) {
  const p = prefix.trim().toLowerCase();
  if (p.length < 2) return [];
  const like = `${p.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      photoUrl: users.photoUrl,
    })
    .from(bloggers)
    .innerJoin(users, eq(users.id, bloggers.userId))
    .where(
      and(
        eq(bloggers.status, 'approved'),
        sql`(lower(${users.firstName}) like ${like} or lower(coalesce(${users.lastName}, '')) like ${like}
             or lower(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) like ${like}
             or lower(${bloggers.promoCode}) like ${like})`,
      ),
    )
    .orderBy(desc(bloggers.followers), bloggers.id)
    .limit(limit);
  return rows.map((r) => ({
    kind: 'user' as const,
    text: [r.firstName, r.lastName].filter(Boolean).join(' '),
    user_id: r.userId,
    avatar: r.photoUrl,
  }));
}
