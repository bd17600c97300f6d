// Favourites: one row per (shopper, product); re-adding moves it to the top with the new variant.
import type { Favorite } from '@shop/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { favorites, variants } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { loadProductBriefs } from '../catalog/index.ts';
import { findVariant } from '../catalog/index.ts';

type Row = typeof favorites.$inferSelect;

/** The page's products and chosen variants in two queries, whatever its length. */
async function toFavorites(db: Database, rows: Row[]): Promise<Favorite[]> {
  const briefs = await loadProductBriefs(
    db,
    rows.map((r) => r.productId),
  );
  const variantIds = [...new Set(rows.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))];
  const chosen = new Map(
    (variantIds.length
      ? await db
          .select({
            id: variants.id,
            title: variants.title,
            size: variants.size,
            size_eu: variants.sizeEu,
            color: variants.color,
          })
          .from(variants)
          .where(inArray(variants.id, variantIds))
      : []
    ).map((v) => [v.id, v]),
  );
  return rows.flatMap((r) => {
    const product = briefs.get(r.productId);
    return product
      ? [
          {
            id: r.id,
            product,
            variant_id: r.variantId,
            variant: (r.variantId === null ? undefined : chosen.get(r.variantId)) ?? null,
            created_at: r.createdAt.toISOString(),
          },
        ]
      : [];
  });
}

/** Newest first; `cursor` is the id of the last entry of the previous page. */
export async function listFavorites(db: Database, userId: number, cursor: number | undefined, size: number) {
  const rows = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), cursor ? lt(favorites.id, cursor) : undefined))
    .orderBy(desc(favorites.id))
    .limit(size + 1);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  return {
    favoriteList: await toFavorites(db, page),
    more,
    cursor: more ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function addFavorite(db: Database, userId: number, productId: number, variantId: number) {
  return db.transaction(async (tx) => {
    if (!(await findVariant(tx, productId, variantId))) throw notFound('Товар не найден');
    // One statement, so two concurrent adds of the same product cannot collide; a fresh id moves
    // an existing favourite to the top.
    const [row] = await tx
      .insert(favorites)
      .values({ userId, productId, variantId })
      .onConflictDoUpdate({
        target: [favorites.userId, favorites.productId],
        set: {
          id: sql`nextval(pg_get_serial_sequence('favorites', 'id'))`,
          variantId,
          createdAt: sql`now()`,
        },
      })
      .returning();
    const [favorite] = await toFavorites(tx, [row!]);
    return favorite!;
  });
}

export async function removeFavorite(db: Database, userId: number, productId: number) {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ id: favorites.id });
  if (removed.length === 0) throw notFound('Этого товара нет в избранном');
}
