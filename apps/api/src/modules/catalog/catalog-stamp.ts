// The catalogue's change stamp (migration 0024, docs/decisions/084): `sum(n)` of `catalog_stamp`,
// which every transaction that writes a table a catalogue answer reads (products, variants,
// pictures, categories, brands, suggestion terms, facet counts; bloggers, and users' names and
// pictures, which the suggestions show) raises by one, from a trigger inside it, and which nothing
// else changes. It grows exactly at such a commit: two reads with the same text have no catalogue
// write committed between them, on any connection or instance, while carts, sessions, orders'
// own rows or the photo index's writes leave it as it is. The catalogue cache renews its answers
// by it (catalog-cache.ts, decision 060), the token index says which moment it is exactly as of
// by it (token-index.ts, `exactAt`) and kept card rows carry it (card-rows.ts, decision 076).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** The stamp as text, as an expression to read inside another statement (one snapshot with it). */
export const catalogStampSql = sql`(SELECT sum(n)::text FROM catalog_stamp)`;

/** Reads the stamp in one statement (app.ts gives this to the catalogue cache). */
export async function readCatalogStamp(db: Database): Promise<string> {
  const [row] = await queryRows<{ stamp: string }>(db, sql`SELECT ${catalogStampSql} AS stamp`);
  return row!.stamp;
}
