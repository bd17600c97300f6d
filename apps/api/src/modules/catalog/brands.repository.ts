// The shop's brands as a product edit names them: the catalogue module writes `brands`.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';

export type BrandRow = { id: number; name: string };

/** The shop's brand of this id; undefined when there is none. */
export async function findBrand(db: Database, id: number): Promise<BrandRow | undefined> {
  const [row] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.id, id));
  return row;
}

/**
 * The shop's brand named `name` in any case (spaces squeezed), made when the shop has none; inside
 * the caller's transaction. As the product form's «Новый бренд …» does at creation.
 */
export async function ensureBrand(tx: Database, name: string): Promise<BrandRow & { created: boolean }> {
  const clean = name.trim().replace(/\s+/g, ' ');
  const same = async () =>
    (
      await tx
        .select({ id: brands.id, name: brands.name })
        .from(brands)
        .where(sql`lower(${brands.name}) = lower(${clean})`)
        .orderBy(brands.id)
        .limit(1)
    )[0];
  const found = await same();
  if (found) return { ...found, created: false };
  const made = await tx
    .insert(brands)
    .values({ name: clean })
    .onConflictDoNothing({ target: brands.name })
    .returning({ id: brands.id });
  return { ...(await same())!, created: made.length > 0 };
}
