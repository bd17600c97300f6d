// Listing sort orders and their keyset cursors: a page ends at the last row's (sort key, id),
// encoded opaquely and checked on the way back in.
import type { Sorting } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../plugins/errors.ts';
import type { SearchTerms } from './search-plan.ts';

export type ListingSort = Sorting | 'RELEVANCE';

type SortSpec = { key: (search: SearchTerms | undefined) => SQL; desc: boolean; kind: 'int' | 'time' };

export const SORTS: Record<ListingSort, SortSpec> = {
  POPULARITY: { key: () => sql`p.popularity`, desc: true, kind: 'int' },
  SALES: { key: () => sql`p.sales`, desc: true, kind: 'int' },
  PRICE_ASC: { key: () => sql`p.min_price`, desc: false, kind: 'int' },
  PRICE_DESC: { key: () => sql`p.min_price`, desc: true, kind: 'int' },
  NEWEST: { key: () => sql`p.published_at`, desc: true, kind: 'time' },
  // Full-text relevance is tiered so that an index can serve it: products whose title or brand
  // (weight A) match come first, then products matching elsewhere; each tier by popularity.
  // The key is tier * 1e10 + popularity. The trigram fallback ranks by word similarity instead;
  // the products of an article, by popularity.
  RELEVANCE: {
    key: (s) =>
      s?.mode === 'trigram' ? sql`(word_similarity(${s.lower}, lower(p.title)) * 1000)::int` : sql`p.popularity`,
    desc: true,
    kind: 'int',
  },
};

type Cursor = { sort: ListingSort; key: number | string; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/**
 * Sort keys are int4 columns (relevance: tier * 1e10 + popularity, see listing.sql.ts): a forged
 * key outside that range would fail in the database.
 */
const INT4_MAX = 2_147_483_647;
const RELEVANCE_MAX = 2 * 10_000_000_000 + INT4_MAX;

/** A real instant between 1970 and 9999 written the way encodeCursor writes it. */
function isTimeKey(key: unknown): key is string {
  if (typeof key !== 'string' || !TIME_KEY.test(key)) return false;
  const ms = Date.parse(key);
  return ms >= 0 && new Date(ms).getUTCFullYear() <= 9999 && new Date(ms).toISOString().slice(0, 23) === key.slice(0, 23);
}

export function decodeCursor(raw: string, sort: ListingSort): Cursor {
  const invalid = () => badRequest('cursor: неверный курсор, начните список заново', 'query.cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [s, key, id] = parsed as unknown[];
  if (s !== sort)
    throw badRequest('cursor: курсор от другой сортировки, начните список заново', 'query.cursor');
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw invalid();
  const spec = SORTS[sort];
  const maxKey = sort === 'RELEVANCE' ? RELEVANCE_MAX : INT4_MAX;
  if (spec.kind === 'int' && !(typeof key === 'number' && Number.isInteger(key) && Math.abs(key) <= maxKey))
    throw invalid();
  if (spec.kind === 'time' && !isTimeKey(key)) throw invalid();
  return { sort, key: key as number | string, id };
}
