// The catalogue listing: one keyset-paged page of product cards and the cursor of the next.
import type { ProductCard } from '@shop/contract';
import { queryRows, type Database } from '../../db/client.ts';
import { brandRef } from './brand-ref.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { FILTER_KINDS, listingRows, resolveSort, type ListingQuery } from './listing.sql.ts';
import { planSearch, searchOf } from './search-plan.ts';
import { tokenIndexOf, type TokenIndex } from './token-index.ts';

type Image = { id: number; src: string };

type CardRow = {
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
  sort_key: number | string;
  images: Image[] | string;
};

/** The most products a combined-filter page is read by id for (above it, the GIN token index). */
export const TOKEN_IDS_LIMIT = 20_000;

/**
 * The query with `tokenIds` when two kinds or more are filtered and this instance's token index
 * (decision 036) is loaded; else the query as it is. Without a search the index picks the page
 * itself from its sort keys (decision 070): `tokenIds` are the page's ids (at most `limit + 1`),
 * which the page statement reads with its own conditions, order and limit. With a search (its
 * match is SQL's), they are every product with the filtered kinds, when at most TOKEN_IDS_LIMIT.
 */
export async function withTokenIds(
  db: Database,
  query: ListingQuery,
  index: TokenIndex | undefined = tokenIndexOf(db),
): Promise<ListingQuery> {
  const kinds = FILTER_KINDS.filter((k) => (query[k]?.length ?? 0) > 0);
  if (kinds.length < 2 || !index || !(await index.sync(db))) return query;
  const sort = resolveSort(query);
  if (sort !== 'RELEVANCE' && !searchOf(query)) {
    const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
    const after = cursor && {
      key: typeof cursor.key === 'string' ? microsOf(cursor.key) : cursor.key,
      id: cursor.id,
    };
    return { ...query, tokenIds: index.pageIds(query, sort, after, query.limit + 1) };
  }
  const tokenIds = index.matchingIds(query, TOKEN_IDS_LIMIT);
  return tokenIds ? { ...query, tokenIds } : query;
}

/** A NEWEST cursor's instant (`2026-10-01T12:00:00.123456Z`, 1970 or later) in microseconds since 1970. */
const microsOf = (key: string) => Date.parse(`${key.slice(0, 19)}Z`) * 1000 + Number(key.slice(20, 26));

/** One page; `tokenIndex: false` reads it without the token index (tests compare the two ways). */
export async function listProducts(
  db: Database,
  asked: ListingQuery,
  { tokenIndex = tokenIndexOf(db) }: { tokenIndex?: TokenIndex | false | undefined } = {},
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  const query = tokenIndex ? await withTokenIds(db, asked, tokenIndex) : asked;
  // No product has every filtered kind (the token index has just read the change log): the page
  // is empty without a statement (on PGlite each costs about a millisecond: decision 060).
  if (query.tokenIds?.length === 0) return { products: [], cursor: null, more: false };
  const sort = resolveSort(query);
  const rows = await listingRows(query, await planSearch(db, query), (q) => queryRows<CardRow>(db, q));
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: page.map((r) => ({
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
    })),
    cursor:
      more && last
        ? encodeCursor({ sort, key: sort === 'NEWEST' ? last.sort_key : Number(last.sort_key), id: last.id })
        : null,
    more,
  };
}
