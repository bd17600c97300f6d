// The shop's brands as the console names them, by id or as typed: the catalogue module writes
// `brands`.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;

/** The shop's brand of this id; undefined when there is none. */
export async function findBrand(db: Database, id: number): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  return row;
}

/** A brand's name as typed, with its spaces squeezed. */
export const cleanBrandName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** The shop's brand of this name in any case (spaces squeezed); undefined when there is none. */
export async function findBrandNamed(db: Database, name: string): Promise<BrandRow | undefined> {
  const [row] = await db
    .select()
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${cleanBrandName(name)})`)
    .orderBy(brands.id)
    .limit(1);
  return row;
}

/**
 * The shop's brand named `name` in any case, made when the shop has none; inside the caller's
 * transaction (a product edit's brand typed by name).
 */
export async function ensureBrand(tx: Database, name: string): Promise<BrandRow & { created: boolean }> {
  const found = await findBrandNamed(tx, name);
  if (found) return { ...found, created: false };
  const made = await tx
    .insert(brands)
    .values({ name: cleanBrandName(name) })
    .onConflictDoNothing({ target: brands.name })
    .returning({ id: brands.id });
  return { ...(await findBrandNamed(tx, name))!, created: made.length > 0 };
}
