// The catalogue listing: one keyset-paged page of product cards and the cursor of the next.
import type { ProductCard } from '@shop/contract';
import { queryRows, type Database } from '../../db/client.ts';
import { brandRef } from './brand-ref.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { FILTER_KINDS, listingRows, RELEVANCE_TIER, resolveSort, type ListingQuery } from './listing.sql.ts';
import { planSearch, searchOf, type SearchPlan } from './search-plan.ts';
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
 * The query with what this instance's token index (decision 036), once loaded, can tell the page
 * statement; else the query as it is.
 * - Two kinds or more filtered, no search: the index picks the page itself from its sort keys
 *   (decision 070): `tokenIds` are the page's ids (at most `limit + 1`), which the page statement
 *   reads with its own conditions, order and limit.
 * - Two kinds or more and a search (whose match is SQL's): `tokenIds` are every product with the
 *   filtered kinds, when at most TOKEN_IDS_LIMIT.
 * - Full-text relevance of plain words (`plan`, no `!`): `searchIds`, the title tier's candidates.
 */
export async function withTokenIds(
  db: Database,
  query: ListingQuery,
  index: TokenIndex | undefined = tokenIndexOf(db),
  plan?: SearchPlan,
): Promise<ListingQuery> {
  const kinds = FILTER_KINDS.filter((k) => (query[k]?.length ?? 0) > 0);
  const sort = resolveSort(query);
  const tsquery =
    sort === 'RELEVANCE' && plan?.mode === 'fulltext' && !plan.tsquery?.includes('!')
      ? plan.tsquery
      : undefined;
  if ((kinds.length < 2 && tsquery === undefined) || !index || !(await index.sync(db))) return query;
  if (tsquery !== undefined) return withSearchIds(withMatchingIds(query, kinds, index), tsquery, index);
  if (sort !== 'RELEVANCE' && !searchOf(query)) {
    const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
    const after = cursor && {
      key: typeof cursor.key === 'string' ? microsOf(cursor.key) : cursor.key,
      id: cursor.id,
    };
    return { ...query, tokenIds: index.pageIds(query, sort, after, query.limit + 1).ids };
  }
  return withMatchingIds(query, kinds, index);
}

function withMatchingIds(query: ListingQuery, kinds: readonly string[], index: TokenIndex): ListingQuery {
  const tokenIds = kinds.length >= 2 ? index.matchingIds(query, TOKEN_IDS_LIMIT) : undefined;
  return tokenIds ? { ...query, tokenIds } : query;
}

/**
 * The title tier's candidates of a full-text relevance page: twice a page of the products matching
 * the words anywhere (a superset of the tier, whose words must be in the title or brand), with the
 * filtered kinds, after the cursor when it is in the title tier (none when it is past it).
 */
function withSearchIds(query: ListingQuery, tsquery: string, index: TokenIndex): ListingQuery {
  const search = index.searchMatch(tsquery);
  if (!search) return query;
  let after: { key: number; id: number } | undefined;
  if (query.cursor) {
    const { key, id } = decodeCursor(query.cursor, 'RELEVANCE');
    if (Math.floor(Number(key) / RELEVANCE_TIER) < 2) return query;
    after = { key: Number(key) % RELEVANCE_TIER, id };
  }
  const searchIds = index.pageIds(query, 'POPULARITY', after, 2 * (query.limit + 1), search);
  return { ...query, searchIds };
}

/** A NEWEST cursor's instant (`2026-10-01T12:00:00.123456Z`, 1970 or later) in microseconds since 1970. */
const microsOf = (key: string) => Date.parse(`${key.slice(0, 19)}Z`) * 1000 + Number(key.slice(20, 26));

/** One page; `tokenIndex: false` reads it without the token index (tests compare the two ways). */
export async function listProducts(
  db: Database,
  asked: ListingQuery,
  { tokenIndex = tokenIndexOf(db) }: { tokenIndex?: TokenIndex | false | undefined } = {},
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  const plan = await planSearch(db, asked);
  const query = tokenIndex ? await withTokenIds(db, asked, tokenIndex, plan) : asked;
  // No product has every filtered kind (the token index has just read the change log): the page
  // is empty without a statement (on PGlite each costs about a millisecond: decision 060).
  if (query.tokenIds?.length === 0) return { products: [], cursor: null, more: false };
  const sort = resolveSort(query);
  const rows = await listingRows(query, plan, (q) => queryRows<CardRow>(db, q));
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
