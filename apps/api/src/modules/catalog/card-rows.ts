// Listing card rows kept by product id (docs/decisions/076), so that a combined-filter page whose
// ids the token index picks (decision 070) is built in memory, without a statement of its own.
// On PGlite any statement costs about a millisecond of the one Node thread (decision 060): with
// the benchmark's 672 brand + size pages in a 2 s window, the page statements were what queued
// every other request.
//
// Exactness: each kept row carries the catalogue's change stamp (catalog-stamp.ts, decision 084)
// read in the statement that read it, and is used only when the token index's last read of its
// change log — made for this very page, after the request arrived, or known exact as of the
// catalogue cache's stamp read of a moment ago (decision 077) — saw the same stamp: then no
// catalogue write committed between the two, anywhere, so the row is what the page statement
// would read now. Any catalogue write makes every row stale at once (the next stamp differs);
// other writes (carts, sessions, orders' own rows) leave them; this instance's writes also clear the store
// (catalog-cache.ts: it lives and dies with the answers), and with CATALOG_CACHE=off there is no
// store and every page is read by SQL.
import type { ProductCard } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { readPrepared, type Database } from '../../db/client.ts';
import { brandRef } from './brand-ref.ts';
import { catalogStampSql } from './catalog-stamp.ts';
import { decodeCursor, SORTS, type ListingSort } from './cursor.ts';

/** Rows kept per instance: a few pages' worth at a million products, the whole demo catalogue. */
export const KEPT_CARD_ROWS = 20_000;

type Image = { id: number; src: string };

/** A row of the page statement: the card's columns (listing.sql.ts, pageSql) and a sort key. */
export type CardRow = {
  id: number;
  spu: string;
  title: string;
  computed_title: string;
  image_src: string | null;
  min_price: number;
  price: number;
  in_stock: boolean;
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  images: Image[] | string;
};

/** A listing card as every listing answer shows it (one function: the bytes must not differ). */
export const cardOf = (r: CardRow): ProductCard => ({
  id: r.id,
  spu: r.spu,
  title: r.title,
  computed_title: { title: r.computed_title },
  brand: brandRef(r),
  image_src: r.image_src,
  images: typeof r.images === 'string' ? (JSON.parse(r.images) as Image[]) : r.images,
  min_price: r.min_price,
  price: r.price,
  in_stock: r.in_stock,
});

/** A product as of one catalogue stamp: its card and sort keys, or null when it is not published (or gone). */
type Kept = {
  stamp: string;
  row: {
    card: ProductCard;
    popularity: number;
    sales: number;
    /** `published_at` as the NEWEST cursor writes it, and in microseconds since 1970. */
    publishedAt: string;
    publishedMicros: number;
  } | null;
};

type Read = CardRow & {
  stamp: string;
  is_published: boolean | null;
  popularity: number;
  sales: number;
  published_at: string;
};

/** A page as `listProducts` returns it, before the cursor is encoded. */
export type MemoryPage = { cards: ProductCard[]; more: boolean; lastKey: number | string | undefined; lastId: number | undefined };

/** A NEWEST cursor's instant (`2026-10-01T12:00:00.123456Z`, 1970 or later) in microseconds since 1970. */
export const microsOf = (key: string) => Date.parse(`${key.slice(0, 19)}Z`) * 1000 + Number(key.slice(20, 26));

export class CardRows {
  private rows = new LRUCache<number, Kept>({ max: KEPT_CARD_ROWS });
  /** Bumped by `clear()`: rows read across a clear are not kept. */
  private generation = 0;
  /** Ids asked for while a read runs: the next read takes them all (one statement for many pages). */
  private wanted = new Set<number>();
  private reading: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  clear(): void {
    this.generation += 1;
    this.rows.clear();
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * The page of `ids` (the token index's pick for `sort` after `cursor`, exact as of `stamp`) with
   * the page statement's conditions, order and limit applied to rows of the same stamp: rows
   * not kept are read by id, in one statement with the other pages' waiting at that moment.
   * Undefined when a row read saw another stamp (a catalogue commit in between) or this instance wrote
   * meanwhile: the caller reads the page by SQL.
   */
  async page(
    db: Database,
    ids: readonly number[],
    stamp: string,
    sort: ListingSort,
    cursor: string | undefined,
    limit: number,
  ): Promise<MemoryPage | undefined> {
    const generation = this.generation;
    const missing = ids.filter((id) => this.rows.get(id)?.stamp !== stamp);
    if (missing.length) await this.read(db, missing);
    if (generation !== this.generation) return undefined;
    const kept = ids.map((id) => this.rows.get(id));
    if (!kept.every((k) => k?.stamp === stamp)) return undefined;
    return this.pick(kept as Kept[], sort, cursor, limit);
  }

  /**
   * Reads `ids` into the store with the next read: at the end of this turn of the event loop, so
   * that the pages of the other requests read in the same turn join it (decision 079), or after
   * the read under way.
   */
  private read(db: Database, ids: readonly number[]): Promise<void> {
    for (const id of ids) this.wanted.add(id);
    this.queued ??= (this.reading ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.queued = undefined;
        return this.start(db);
      });
    return this.queued;
  }

  private start(db: Database): Promise<void> {
    const batch = [...this.wanted];
    this.wanted.clear();
    if (!batch.length) return Promise.resolve();
    const generation = this.generation;
    const reading = readCardRows(db, batch)
      .then((read) => {
        // Kept even when of another stamp (a commit in between): the index may reach it next.
        if (generation === this.generation) for (const [id, kept] of read) this.rows.set(id, kept);
      })
      .finally(() => {
        if (this.reading === reading) this.reading = undefined;
      });
    this.reading = reading;
    return reading;
  }

  /** The page statement in memory: published, after the cursor, in (key, id) order, `limit` rows. */
  private pick(kept: readonly Kept[], sort: ListingSort, cursor: string | undefined, limit: number): MemoryPage {
    const spec = SORTS[sort];
    const keyOf = (r: NonNullable<Kept['row']>) =>
      sort === 'NEWEST'
        ? r.publishedMicros
        : sort === 'SALES'
          ? r.sales
          : sort === 'POPULARITY'
            ? r.popularity
            : r.card.min_price;
    // Descending orders compare negated keys and ids: one ascending comparison for every sort.
    const sign = spec.desc ? -1 : 1;
    const after = cursor === undefined ? undefined : decodeCursor(cursor, sort);
    const afterKey = after && sign * (typeof after.key === 'string' ? microsOf(after.key) : after.key);
    const afterId = after && sign * after.id;
    const rows: { key: number; id: number; row: NonNullable<Kept['row']> }[] = [];
    for (const { row } of kept) {
      if (!row) continue;
      const key = sign * keyOf(row);
      const signed = sign * row.card.id;
      if (afterKey !== undefined && (key < afterKey || (key === afterKey && signed <= afterId!))) continue;
      rows.push({ key, id: signed, row });
    }
    rows.sort((a, b) => a.key - b.key || a.id - b.id);
    const page = rows.slice(0, limit);
    const last = page.at(-1)?.row;
    return {
      cards: page.map((r) => r.row.card),
      more: rows.length > limit,
      lastKey: last && (sort === 'NEWEST' ? last.publishedAt : keyOf(last)),
      lastId: last?.card.id,
    };
  }
}

/** The card rows of `ids` and the catalogue stamp, in one statement (ids not found: null rows). */
async function readCardRows(db: Database, ids: readonly number[]): Promise<Map<number, Kept>> {
  // Rows by primary key whatever the ids: a prepared statement (decision 087).
  const rows = await readPrepared<Read>(
    db,
    sql`SELECT s.stamp, want.id, p.spu, p.title, p.computed_title, p.image_src, p.min_price, p.price,
               p.in_stock, p.is_published, p.popularity, p.sales,
               to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS published_at,
               b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url,
               (SELECT coalesce(json_agg(json_build_object('id', i.id, 'src', i.src) ORDER BY i.position), '[]'::json)
                FROM product_images i WHERE i.product_id = p.id AND i.position < 5) AS images
        FROM (SELECT ${catalogStampSql} AS stamp) s
        CROSS JOIN unnest(${`{${ids.join(',')}}`}::int[]) AS want(id)
        LEFT JOIN products p ON p.id = want.id
        LEFT JOIN brands b ON b.id = p.brand_id`,
  );
  const read = new Map<number, Kept>();
  for (const r of rows)
    read.set(r.id, {
      stamp: r.stamp,
      row: r.is_published
        ? {
            card: cardOf(r),
            popularity: r.popularity,
            sales: r.sales,
            publishedAt: r.published_at,
            publishedMicros: microsOf(r.published_at),
          }
        : null,
    });
  return read;
}
