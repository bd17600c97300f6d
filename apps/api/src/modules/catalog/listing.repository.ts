// The catalogue listing: one keyset-paged page of product cards and the cursor of the next.
import type { ProductCard } from '@shop/contract';
import { queryRows, type Database } from '../../db/client.ts';
import { brandRef } from './brand-ref.ts';
import { encodeCursor } from './cursor.ts';
import { FILTER_KINDS, listingRows, resolveSort, type ListingQuery } from './listing.sql.ts';
import { planSearch } from './search-plan.ts';
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
 * (decision 036) is loaded and finds at most TOKEN_IDS_LIMIT products; else the query as it is.
 */
export async function withTokenIds(
  db: Database,
  query: ListingQuery,
  index: TokenIndex | undefined = tokenIndexOf(db),
): Promise<ListingQuery> {
  const kinds = FILTER_KINDS.filter((k) => (query[k]?.length ?? 0) > 0);
  if (kinds.length < 2 || !index || !(await index.sync(db))) return query;
  const tokenIds = index.matchingIds(query, TOKEN_IDS_LIMIT);
  return tokenIds ? { ...query, tokenIds } : query;
}

export async function listProducts(
  db: Database,
  asked: ListingQuery,
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  const query = await withTokenIds(db, asked);
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
