// The per-instance token index (docs/decisions/036): every published product's facet tokens
// (`products.facet_tokens`, migration 0012) in memory, with one posting list per token, so that
// the facets of any selection and the products matching several filter kinds are computed here
// instead of by the database reading thousands of scattered rows of a wide table. It also keeps
// each product's search words (the lexemes of `products.search`), so that the products matching a
// full-text search of plain words (`&`, `|`, `!`) are found here too, for the facets of a search.
//
// Freshness: statement triggers on `products` log every product whose tokens or publication
// changed, with the writer's transaction id (`catalog_changes`, migration 0013). Before answering,
// `sync()` reads one snapshot's oldest running transaction and the log rows of every transaction
// not finished at the previous read, and reloads those products: an answer from the index is as
// fresh as a query started at that moment, on every instance (a rolled back write logs nothing).
// Until the first load has finished (seconds at a million products), `sync()` answers false and
// callers run their SQL as before.
//
// It holds product ids, facet tokens and search lexemes of published products and nothing else —
// no prices, stock or anything of a shopper.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import {
  FILTER_KINDS,
  facetTokens,
  TOKEN_PREFIX,
  type FilterKind,
  type ListingFilters,
} from './listing.sql.ts';

/** Products read per statement while loading. */
const LOAD_CHUNK = 50_000;
/** Log rows of transactions finished this long ago are deleted (by an instance running that long). */
const PRUNE_AFTER_MS = 60 * 60_000;
/** An instance that has not read the log for this long reloads everything instead. */
const STALE_AFTER_MS = 30 * 60_000;

const KIND_INDEX = new Map<string, number>(FILTER_KINDS.map((k, i) => [TOKEN_PREFIX[k], i]));

/** a &= b, word by word (b shorter: the rest of a is cleared). */
function andInto(a: Uint32Array, b: Uint32Array): void {
  const n = Math.min(a.length, b.length);
  for (let w = 0; w < n; w++) a[w] = a[w]! & b[w]!;
  if (n < a.length) a.fill(0, n);
}

/** Calls `visit` with the position of every set bit, in order. */
function forEachBit(bits: Uint32Array, visit: (id: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      visit(w * 32 + 31 - Math.clz32(low));
      x ^= low;
    }
  }
}

/** The products carrying one token: a set while few, a bitset of product ids once many. */
class Posting {
  small: Set<number> | undefined = new Set();
  bits: Uint32Array | undefined;
  size = 0;

  add(id: number, capacity: number): void {
    if (this.small) {
      if (this.small.has(id)) return;
      this.small.add(id);
      this.size += 1;
      // A bitset costs capacity / 8 bytes; a set entry about 16.
      if (this.size * 128 > capacity && capacity > 4096) {
        this.bits = new Uint32Array((capacity >>> 5) + 1);
        for (const x of this.small) this.bits[x >>> 5]! |= 1 << (x & 31);
        this.small = undefined;
      }
      return;
    }
    const bits = this.grow(id);
    const mask = 1 << (id & 31);
    if (bits[id >>> 5]! & mask) return;
    bits[id >>> 5]! |= mask;
    this.size += 1;
  }

  delete(id: number): void {
    if (this.small) {
      if (this.small.delete(id)) this.size -= 1;
      return;
    }
    const bits = this.bits!;
    const mask = 1 << (id & 31);
    if (id >>> 5 >= bits.length || !(bits[id >>> 5]! & mask)) return;
    bits[id >>> 5]! &= ~mask;
    this.size -= 1;
  }

  /** ORs this token's products into `target` (a bitset of product ids). */
  orInto(target: Uint32Array): void {
    if (this.small) {
      for (const id of this.small) target[id >>> 5]! |= 1 << (id & 31);
      return;
    }
    const bits = this.bits!;
    const n = Math.min(bits.length, target.length);
    for (let w = 0; w < n; w++) target[w]! |= bits[w]!;
  }

  private grow(id: number): Uint32Array {
    if (id >>> 5 >= this.bits!.length) {
      const bigger = new Uint32Array(Math.max((id >>> 5) + 1, Math.ceil(this.bits!.length * 1.5)));
      bigger.set(this.bits!);
      this.bits = bigger;
    }
    return this.bits!;
  }
}

/** Tokens per product (codes in one pool) and a posting per token. */
class TokenStore {
  codeOf = new Map<string, number>();
  tokenOf: string[] = [];
  postings: Posting[] = [];
  offset: Int32Array;
  length: Uint16Array;
  pool: Int32Array;
  used = 0;
  private garbage = 0;

  constructor(
    private capacity: number,
    perProduct: number,
  ) {
    this.offset = new Int32Array(capacity);
    this.length = new Uint16Array(capacity);
    this.pool = new Int32Array(Math.max(1024, capacity * perProduct));
  }

  code(token: string): number {
    let code = this.codeOf.get(token);
    if (code === undefined) {
      code = this.tokenOf.length;
      this.codeOf.set(token, code);
      this.tokenOf.push(token);
      this.postings.push(new Posting());
    }
    return code;
  }

  grow(capacity: number): void {
    const offset = new Int32Array(capacity);
    offset.set(this.offset);
    this.offset = offset;
    const length = new Uint16Array(capacity);
    length.set(this.length);
    this.length = length;
    this.capacity = capacity;
  }

  remove(id: number): void {
    const from = this.offset[id]!;
    const to = from + this.length[id]!;
    for (let i = from; i < to; i++) this.postings[this.pool[i]!]!.delete(id);
    this.garbage += to - from;
    this.length[id] = 0;
  }

  add(id: number, tokens: readonly string[], present: Uint8Array): void {
    if (this.used + tokens.length > this.pool.length) this.compact(tokens.length, present);
    const from = this.used;
    for (const token of tokens) {
      const code = this.code(token);
      this.pool[this.used++] = code;
      this.postings[code]!.add(id, this.capacity);
    }
    this.offset[id] = from;
    this.length[id] = tokens.length;
  }

  tokens(id: number): string[] {
    const from = this.offset[id]!;
    return [...this.pool.subarray(from, from + this.length[id]!)].map((c) => this.tokenOf[c]!);
  }

  /** Drops the codes of replaced products from the pool (and grows it when still full). */
  private compact(need: number, present: Uint8Array): void {
    const live = this.used - this.garbage;
    const pool = new Int32Array(Math.max(this.pool.length, Math.ceil((live + need) * 1.5)));
    let used = 0;
    for (let id = 0; id < this.capacity; id++) {
      if (!present[id]) continue;
      const from = this.offset[id]!;
      pool.set(this.pool.subarray(from, from + this.length[id]!), used);
      this.offset[id] = used;
      used += this.length[id]!;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }
}

export type TokenCounts = { tokens: string[]; counts: number[] };

export class TokenIndex {
  /** Facet tokens (`products.facet_tokens`) and search lexemes (`products.search`) per product. */
  private facets = new TokenStore(0, 0);
  private words = new TokenStore(0, 0);
  /** Filter kind (index in FILTER_KINDS) of each facet token code. */
  private kindOf: number[] = [];
  private capacity = 0;
  /** 1 for each published product id. */
  private present = new Uint8Array(0);
  /** Published products in the index. */
  size = 0;

  private since: string | undefined;
  private loaded = false;
  /** True once the first load has finished (`/readyz`); a later reload does not make it false. */
  loadedOnce = false;
  private loading: Promise<void> | undefined;
  private polling: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  private lastPollAt = 0;
  /** (time, oldest running transaction) seen by this instance, for pruning the log. */
  private horizons: { at: number; xmin: string }[] = [];
  private closed = false;
  private scratch: [Uint32Array, Uint32Array] | undefined;
  private failedAt = 0;
  private onError: ((err: unknown) => void) | undefined;

  /** Starts the first load (in the background); `sync()` answers false until it has finished. */
  start(db: Database, onError?: (err: unknown) => void): void {
    if (onError) this.onError = onError;
    this.loading ??= this.load(db).catch((err: unknown) => {
      this.loading = undefined;
      this.failedAt = Date.now();
      if (!this.closed) this.onError?.(err);
    });
  }

  /** Settles when the first load has finished (tests; the benchmark). */
  async whenLoaded(db: Database): Promise<void> {
    this.start(db);
    await this.loading;
    if (!this.loaded) throw new Error('the token index did not load');
  }

  close(): void {
    this.closed = true;
  }

  /**
   * Brings the index up to a snapshot taken now: true when it may answer. Concurrent callers share
   * a read; a caller arriving while one is running waits for the next, which starts after it.
   */
  sync(db: Database): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (!this.loaded) {
      // A failed load is tried again, at most every 10 s.
      if (!this.loading && Date.now() - this.failedAt > 10_000) this.start(db);
      return Promise.resolve(false);
    }
    if (!this.polling) {
      this.polling = this.poll(db).finally(() => {
        this.polling = undefined;
      });
      return this.polling;
    }
    this.queued ??= this.polling
      .catch(() => false)
      .then(() => {
        this.queued = undefined;
        return this.sync(db);
      });
    return this.queued;
  }

  /** Product rows as JSON text: [id, facet tokens, search lexemes]. */
  private static rows = (where: SQL) =>
    sql`SELECT json_agg(json_build_array(id, facet_tokens, coalesce(tsvector_to_array(search), '{}')))::text AS rows
        FROM products WHERE ${where} AND is_published`;

  private async load(db: Database): Promise<void> {
    const [{ xmin } = { xmin: '0' }] = await queryRows<{ xmin: string }>(
      db,
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
    );
    const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
      db,
      sql`SELECT coalesce(max(id), 0)::int AS max FROM products`,
    );
    this.reset(max + 1024);
    for (let from = 0; from <= max; from += LOAD_CHUNK) {
      const [row] = await queryRows<{ rows: string | null }>(
        db,
        TokenIndex.rows(sql`id >= ${from}::int AND id < ${from + LOAD_CHUNK}::int`),
      );
      for (const [id, tokens, words] of JSON.parse(row?.rows ?? '[]') as ProductRow[])
        this.put(id, tokens, words);
    }
    this.since = xmin;
    this.lastPollAt = Date.now();
    this.loaded = true;
    this.loadedOnce = true;
  }

  private async poll(db: Database): Promise<boolean> {
    if (Date.now() - this.lastPollAt > STALE_AFTER_MS) {
      // The log may have been pruned since: start over (answers meanwhile come from SQL).
      this.loaded = false;
      this.loading = undefined;
      this.start(db);
      return false;
    }
    const [row] = await queryRows<{ xmin: string; ids: string | null }>(
      db,
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
                 (SELECT string_agg(DISTINCT coalesce(product_id, -1)::text, ',')
                  FROM catalog_changes WHERE tx >= ${this.since}::bigint) AS ids`,
    );
    const ids = row?.ids ? row.ids.split(',').map(Number) : [];
    if (ids.includes(-1)) {
      // A truncate: reload everything.
      this.loaded = false;
      this.loading = undefined;
      this.start(db);
      return false;
    }
    if (ids.length) {
      const [found] = await queryRows<{ rows: string | null }>(
        db,
        TokenIndex.rows(sql`id = ANY(${`{${ids.join(',')}}`}::int[])`),
      );
      const published = new Map(
        (JSON.parse(found?.rows ?? '[]') as ProductRow[]).map((r) => [r[0], r] as const),
      );
      for (const id of ids) {
        const r = published.get(id);
        this.put(id, r?.[1], r?.[2]);
      }
    }
    this.since = row!.xmin;
    const now = Date.now();
    this.lastPollAt = now;
    this.horizons.push({ at: now, xmin: row!.xmin });
    await this.prune(db, now);
    return true;
  }

  /** Deletes log rows of transactions that had finished an hour ago (every instance has read them). */
  private async prune(db: Database, now: number): Promise<void> {
    let horizon: string | undefined;
    while (this.horizons.length && now - this.horizons[0]!.at >= PRUNE_AFTER_MS)
      horizon = this.horizons.shift()!.xmin;
    // Keep one sample per minute.
    const last = this.horizons.at(-2);
    if (last && now - last.at < 60_000) this.horizons.splice(-2, 1);
    if (horizon) await db.execute(sql`DELETE FROM catalog_changes WHERE tx < ${horizon}::bigint`);
  }

  private reset(capacity: number): void {
    this.facets = new TokenStore(capacity, 12);
    this.words = new TokenStore(capacity, 10);
    this.kindOf = [];
    this.capacity = capacity;
    this.present = new Uint8Array(capacity);
    this.size = 0;
  }

  private ensureCapacity(id: number): void {
    if (id < this.capacity) return;
    const capacity = Math.max(id + 1, Math.ceil(this.capacity * 1.5));
    const present = new Uint8Array(capacity);
    present.set(this.present);
    this.present = present;
    this.facets.grow(capacity);
    this.words.grow(capacity);
    this.capacity = capacity;
  }

  /** Sets one product's tokens and search lexemes (tokens undefined: not published, or gone). */
  private put(id: number, tokens: readonly string[] | undefined, words: readonly string[] | undefined): void {
    if (id < 0) return;
    this.ensureCapacity(id);
    if (this.present[id]) {
      this.facets.remove(id);
      this.words.remove(id);
      this.present[id] = 0;
      this.size -= 1;
    }
    if (!tokens) return;
    this.facets.add(id, tokens, this.present);
    for (let c = this.kindOf.length; c < this.facets.tokenOf.length; c++)
      this.kindOf.push(KIND_INDEX.get(this.facets.tokenOf[c]!.slice(0, 2)) ?? -1);
    this.words.add(id, words ?? [], this.present);
    this.present[id] = 1;
    this.size += 1;
  }

  /** A bitset of every published product. */
  private presentBits(words: number): Uint32Array {
    const bits = new Uint32Array(words);
    for (let id = 0; id < this.capacity; id++) if (this.present[id]) bits[id >>> 5]! |= 1 << (id & 31);
    return bits;
  }

  /**
   * The published products matching a full-text query, as a bitset, from the text of a `tsquery`
   * (`websearch_to_tsquery(…)::text`): quoted lexemes joined by `&`, `|`, `!` and parentheses.
   * Undefined for anything else (phrases `<->`, prefixes `:*`, weights): the caller asks SQL.
   */
  matchQuery(tsquery: string): Uint32Array | undefined {
    const words = (this.capacity >>> 5) + 1;
    let at = 0;
    const skip = () => {
      while (tsquery[at] === ' ') at++;
    };
    let unsupported = false;
    const operand = (): Uint32Array => {
      skip();
      if (tsquery[at] === '(') {
        at++;
        const inner = or();
        skip();
        if (tsquery[at] !== ')') unsupported = true;
        at++;
        return inner;
      }
      if (tsquery[at] === '!') {
        at++;
        const inner = operand();
        const all = this.presentBits(words);
        for (let w = 0; w < words; w++) all[w]! &= ~inner[w]!;
        return all;
      }
      if (tsquery[at] !== "'") {
        unsupported = true;
        return new Uint32Array(words);
      }
      let lexeme = '';
      for (at++; at < tsquery.length; at++) {
        if (tsquery[at] === "'") {
          if (tsquery[at + 1] === "'") {
            lexeme += "'";
            at++;
          } else break;
        } else if (tsquery[at] === '\\') lexeme += tsquery[++at] ?? '';
        else lexeme += tsquery[at];
      }
      at++; // the closing quote
      if (tsquery[at] === ':') unsupported = true; // a prefix or weight
      const bits = new Uint32Array(words);
      const code = this.words.codeOf.get(lexeme);
      if (code !== undefined) this.words.postings[code]!.orInto(bits);
      return bits;
    };
    const and = (): Uint32Array => {
      const acc = operand();
      for (skip(); tsquery[at] === '&'; skip()) {
        at++;
        const next = operand();
        for (let w = 0; w < words; w++) acc[w]! &= next[w]!;
      }
      return acc;
    };
    const or = (): Uint32Array => {
      const acc = and();
      for (skip(); tsquery[at] === '|'; skip()) {
        at++;
        const next = and();
        for (let w = 0; w < words; w++) acc[w]! |= next[w]!;
      }
      return acc;
    };
    if (!tsquery.trim()) return new Uint32Array(words); // only stop words: matches nothing
    const result = or();
    skip();
    return unsupported || at < tsquery.length ? undefined : result;
  }

  /**
   * Calls `visit` for every published product matching `filters` without the kind `except`: for
   * each filtered kind, at least one of its tokens (as `facet_tokens && …` does), and, when
   * `search` is given (a bitset from `matchQuery`, or ids from SQL), among them. The kinds are
   * intersected as bitsets of product ids, word by word.
   */
  private forEachMatch(
    filters: ListingFilters,
    except: FilterKind | undefined,
    search: Uint32Array | readonly number[] | undefined,
    visit: (id: number) => void,
  ): void {
    const kinds = FILTER_KINDS.filter((k) => k !== except && (filters[k]?.length ?? 0) > 0);
    const words = (this.capacity >>> 5) + 1;
    // Two reused buffers (allocating 125 KB per kind cost more than the work): synchronous, so
    // no other request can use them meanwhile.
    if (this.scratch?.[0].length !== words) this.scratch = [new Uint32Array(words), new Uint32Array(words)];
    const [first, other] = this.scratch;
    let acc: Uint32Array | undefined;
    for (const kind of kinds) {
      const codes = new Set(
        facetTokens(kind, filters[kind] as (string | number)[]).map((t) => this.facets.codeOf.get(t)),
      );
      const bits = acc ? other : first;
      bits.fill(0);
      for (const c of codes) if (c !== undefined) this.facets.postings[c]!.orInto(bits);
      if (acc) andInto(acc, bits);
      else acc = bits;
    }
    if (search instanceof Uint32Array) {
      if (acc) andInto(acc, search);
      else {
        first.fill(0);
        first.set(search.length > words ? search.subarray(0, words) : search);
        acc = first;
      }
    } else if (search) {
      // Search ids from SQL are distinct; the index decides which are published (its own snapshot).
      for (const id of search) {
        if (id < 0 || id >= this.capacity) continue;
        if (acc ? acc[id >>> 5]! & (1 << (id & 31)) : this.present[id]) visit(id);
      }
      return;
    }
    if (!acc) {
      for (let id = 0; id < this.capacity; id++) if (this.present[id]) visit(id);
      return;
    }
    forEachBit(acc, visit);
  }

  /**
   * Token counts of the products matching `filters` without `except` (and `search`): every token of
   * the asked `kinds` (colours and sizes with their multiplicity, like `unnest`) and, as token '',
   * the number of products.
   */
  facetCounts(
    filters: ListingFilters,
    except: FilterKind | undefined,
    kinds: readonly FilterKind[],
    search?: Uint32Array | readonly number[],
  ): TokenCounts {
    const { tokenOf, pool, offset, length } = this.facets;
    const counts = new Int32Array(tokenOf.length);
    const asked = new Uint8Array(tokenOf.length);
    const kindBits = kinds.reduce((bits, k) => bits | (1 << FILTER_KINDS.indexOf(k)), 0);
    for (let c = 0; c < tokenOf.length; c++)
      if (this.kindOf[c]! >= 0 && kindBits & (1 << this.kindOf[c]!)) asked[c] = 1;
    let total = 0;
    this.forEachMatch(filters, except, search, (id) => {
      total += 1;
      const from = offset[id]!;
      const to = from + length[id]!;
      for (let i = from; i < to; i++) {
        const c = pool[i]!;
        if (asked[c]) counts[c]! += 1;
      }
    });
    const out: TokenCounts = { tokens: [''], counts: [total] };
    for (let c = 0; c < counts.length; c++)
      if (counts[c]! > 0) {
        out.tokens.push(tokenOf[c]!);
        out.counts.push(counts[c]!);
      }
    return out;
  }

  /** Ids of the published products matching every filtered kind, or undefined when more than `limit`. */
  matchingIds(filters: ListingFilters, limit: number): number[] | undefined {
    const ids: number[] = [];
    let over = false;
    this.forEachMatch(filters, undefined, undefined, (id) => {
      if (ids.length < limit) ids.push(id);
      else over = true;
    });
    return over ? undefined : ids;
  }

  /** Every product in the index with its tokens and lexemes (tests compare it with the table). */
  snapshot(): Map<number, { tokens: string[]; words: string[] }> {
    const out = new Map<number, { tokens: string[]; words: string[] }>();
    for (let id = 0; id < this.capacity; id++)
      if (this.present[id]) out.set(id, { tokens: this.facets.tokens(id), words: this.words.tokens(id) });
    return out;
  }
}

type ProductRow = [id: number, tokens: string[], words: string[]];

// The index of each open database (one per app; several apps in one process each have their own).
const indexes = new WeakMap<Database, TokenIndex>();

/** Creates and starts the index of `db`'s catalogue (app.ts, unless CATALOG_TOKEN_INDEX=off). */
export function attachTokenIndex(db: Database, onError?: (err: unknown) => void): TokenIndex {
  const index = new TokenIndex();
  indexes.set(db, index);
  index.start(db, onError);
  return index;
}

export function detachTokenIndex(db: Database): void {
  indexes.get(db)?.close();
  indexes.delete(db);
}

export const tokenIndexOf = (db: Database): TokenIndex | undefined => indexes.get(db);
