// The catalogue listing: one keyset-paged page of product cards and the cursor of the next.
import type { ProductCard } from '@shop/contract';
import { readPrepared, readRows, type Database } from '../../db/client.ts';
import { cardOf, microsOf, type CardRow, type CardRows } from './card-rows.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { FILTER_KINDS, listingRows, RELEVANCE_TIER, resolveSort, type ListingQuery } from './listing.sql.ts';
import { planSearch, searchOf, type SearchPlan } from './search-plan.ts';
import { tokenIndexOf, type LogRead, type LogRow, type TokenIndex } from './token-index.ts';

type PageRow = CardRow & { sort_key: number | string };

/**
 * A catalogue stamp read `at` (the catalogue cache's, at most SNAPSHOT_REUSE_MS old, after this
 * instance's last invalidation), and how to say the answer is as of it (decision 077).
 */
export type KnownStamp = { stamp: string; at: number; asOf: (at: number) => void };

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
  known?: KnownStamp,
): Promise<ListingQuery> {
  if (!index || !usesIndex(query, plan)) return query;
  // The index is exactly as of a stamp the catalogue cache read a moment ago (decision 077): no
  // log read; the answer is as old as that read.
  if (known && index.isExactAt(known.stamp)) known.asOf(known.at);
  else if (!(await index.sync(db))) return query;
  return picked(query, index, plan);
}

/** The text of a full-text relevance search of plain words (no `!`), which the index reads. */
const indexedSearch = (query: ListingQuery, plan: SearchPlan | undefined) =>
  resolveSort(query) === 'RELEVANCE' && plan?.mode === 'fulltext' && !plan.tsquery?.includes('!')
    ? plan.tsquery
    : undefined;

/**
 * The text of a full-text search of plain words (no `!`) by another order than relevance: the
 * index picks its page as it does a combined filter's (decision 089).
 */
const sortedSearch = (query: ListingQuery, plan: SearchPlan | undefined) =>
  resolveSort(query) !== 'RELEVANCE' && plan?.mode === 'fulltext' && !plan.tsquery?.includes('!')
    ? plan.tsquery
    : undefined;

/** Whether the token index tells the page statement anything (`withTokenIds`). */
const usesIndex = (query: ListingQuery, plan: SearchPlan | undefined) =>
  FILTER_KINDS.filter((k) => (query[k]?.length ?? 0) > 0).length >= 2 ||
  indexedSearch(query, plan) !== undefined ||
  sortedSearch(query, plan) !== undefined;

/** `withTokenIds` once the index may answer (synced, or exact as of a known stamp). */
function picked(query: ListingQuery, index: TokenIndex, plan: SearchPlan | undefined): ListingQuery {
  const kinds = FILTER_KINDS.filter((k) => (query[k]?.length ?? 0) > 0);
  const sort = resolveSort(query);
  const tsquery = indexedSearch(query, plan);
  if (tsquery !== undefined) return withSearchIds(withMatchingIds(query, kinds, index), tsquery, index);
  // A search by price, novelty or sales: its page picked among the words' products, in the
  // order's keys, like a combined filter's; its statement keeps the search's condition.
  const sorted = sortedSearch(query, plan);
  const search = sorted === undefined ? undefined : index.searchMatch(sorted);
  if (sort !== 'RELEVANCE' && (!searchOf(query) || search)) {
    const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
    const after = cursor && {
      key: typeof cursor.key === 'string' ? microsOf(cursor.key) : cursor.key,
      id: cursor.id,
    };
    return {
      ...query,
      tokenIds: index.pageIds(query, sort, after, query.limit + 1, search).ids,
      tokenStamp: index.exactAt,
      ...(search ? { tokenSearch: true } : {}),
    };
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

/**
 * One page; `tokenIndex: false` reads it without the token index (tests compare the two ways);
 * `rows`, the kept card rows (none with CATALOG_CACHE=off), builds a page the index picked in memory.
 */
export async function listProducts(
  db: Database,
  asked: ListingQuery,
  {
    tokenIndex = tokenIndexOf(db),
    rows,
    known,
  }: {
    tokenIndex?: TokenIndex | false | undefined;
    rows?: CardRows | undefined;
    known?: KnownStamp | undefined;
  } = {},
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  // Planned from the token index without a statement when it can (decision 089): the page's own
  // log read below confirms the plan's stamp, or it is planned again with one.
  let plan = await planSearch(db, asked, { tokenIndex, unconfirmed: true });
  const sort = resolveSort(asked);
  const cursorOf = (more: boolean, key: number | string | undefined, id: number | undefined) =>
    more && key !== undefined && id !== undefined
      ? encodeCursor({ sort, key: sort === 'NEWEST' ? key : Number(key), id })
      : null;
  const answer = (found: PageRow[]) => {
    const more = found.length > asked.limit;
    const page = found.slice(0, asked.limit);
    const last = page.at(-1);
    return { products: page.map(cardOf), cursor: cursorOf(more, last?.sort_key, last?.id), more };
  };
  // The page picked from the index as it is, and read with its change log in one statement
  // (decision 081): exact when the log had nothing new; else the index syncs and picks again.
  const read = tokenIndex ? readAhead(asked, plan, tokenIndex, rows, known) : undefined;
  if (read) {
    let fresh = false;
    const found = await listingRows(read.query, plan, (q, byIds) =>
      byIds ? readPrepared<PageRow & LogRow>(db, q) : readRows<PageRow & LogRow>(db, q), {
      columns: read.log.columns,
      logged: (row) => {
        fresh =
          (tokenIndex as TokenIndex).absorb(read.log, row) &&
          (plan?.asOf === undefined || plan.asOf === row?.log_stamp);
      },
    });
    if (fresh) return answer(found);
  }
  if (plan?.asOf !== undefined && !(known && known.stamp === plan.asOf && tokenIndex && tokenIndex.isExactAt(known.stamp))) {
    // A page the index has no part in (a search by another order than relevance) confirms the
    // plan by the same log read in its own statement.
    const log = tokenIndex && !read && !usesIndex(asked, plan) ? tokenIndex.logRead() : undefined;
    if (tokenIndex && log) {
      const asOf = plan.asOf;
      let confirmed = false;
      const found = await listingRows(asked, plan, (q) => readRows<PageRow & LogRow>(db, q), {
        columns: log.columns,
        logged: (row) => {
          confirmed = tokenIndex.absorb(log, row) && row?.log_stamp === asOf;
        },
      });
      if (confirmed) return answer(found);
    }
    plan = await planSearch(db, asked, { tokenIndex });
  }
  const query = tokenIndex ? await withTokenIds(db, asked, tokenIndex, plan, known) : asked;
  // No product has every filtered kind (the token index has just read the change log): the page
  // is empty without a statement (on PGlite each costs about a millisecond: decision 060).
  if (query.tokenIds?.length === 0) return { products: [], cursor: null, more: false };
  // The index picked the page and is exactly as of a stamp: rows of that stamp, kept or
  // read in one statement, give the page statement's answer (decision 076).
  if (rows && query.tokenIds && query.tokenStamp !== undefined) {
    const page = await rows.page(db, query.tokenIds, query.tokenStamp, sort, query.cursor, query.limit);
    if (page)
      return {
        products: page.cards,
        cursor: cursorOf(page.more, page.lastKey, page.lastId),
        more: page.more,
      };
  }
  return answer(await listingRows(query, plan, (q, byIds) =>
      byIds ? readPrepared<PageRow>(db, q) : readRows<PageRow>(db, q)));
}

/**
 * The query with the ids the index picks now, to be read with the index's change log in the same
 * statement (decision 081), when that is the cheaper way: the index is used, is loaded, is not
 * already known exact (decision 077), and the page is not built from kept card rows (decision 076,
 * which needs the index synced first) nor empty (an empty pick is answered after a log read alone).
 */
function readAhead(
  asked: ListingQuery,
  plan: SearchPlan | undefined,
  index: TokenIndex,
  rows: CardRows | undefined,
  known: KnownStamp | undefined,
): { query: ListingQuery; log: LogRead } | undefined {
  if (!usesIndex(asked, plan) || (known && index.isExactAt(known.stamp))) return undefined;
  const log = index.logRead();
  if (!log) return undefined;
  const query = picked(asked, index, plan);
  if (query.tokenIds?.length === 0) return undefined;
  if (rows && query.tokenIds && query.tokenStamp !== undefined) return undefined;
  return { query: { ...query, tokenStamp: undefined }, log };
}
