// The catalogue read cache (docs/decisions/024): answers that are the same for every shopper —
// listings, facets, product cards, similar products, suggestions, the category tree — kept in
// memory per instance as ready JSON text, and one `invalidate()` that drops them all.
//
// Who invalidates: every catalogue write. The console's edits and imports call
// `app.catalogCache.invalidate()` (or its old name `app.facetsCache.clear()`); every stock or
// price change (order placed, lapsed or cancelled, refund, restore) goes through
// `refreshListingColumns`, which calls `catalogChanged()` below. With REDIS_URL set, an
// invalidation is published so that every instance drops its answers at once; without it, other
// instances catch up within the TTL (2 s: a changed price or stock shows within 2 s anywhere).
//
// Past its TTL an answer is kept, not computed again, when the catalogue provably has not changed
// since it was computed (docs/decisions/060, 084): the catalogue's change stamp (`catalog_stamp`,
// migration 0024: a sum that grows at the commit of every transaction that wrote a table a
// catalogue answer reads, and at no other) is read before the answer is computed and again after
// the TTL; the same stamp means no such transaction committed in between, here or on any other
// instance, so the kept answer is what a new computation would give. One such read renews every
// answer of that stamp at once; a cart, a session, an order's bookkeeping or the photo index's
// writes leave it as it is; a catalogue write anywhere makes the answers computed again as before.
//
// Beside the answers it keeps the listing's card rows by product id (card-rows.ts, decision 076),
// dropped with them, and it hands each computation its last stamp read when that is under
// 500 ms old and begun after this instance's last invalidation (decision 077): a listing whose
// token index is exactly as of it needs no log read, and its answer ages from that read.
//
// Only public, user-independent answers may enter: the routes that use it never read the
// shopper's identity (catalog.routes.ts), and a test checks that a signed-in shopper gets the
// same bytes as an anonymous one.
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { CardRows } from './card-rows.ts';

/** Listings, cards and suggestions: a changed price or stock is visible within this. */
export const CATALOG_TTL_MS = 2_000;
/**
 * Facet counts (a full aggregation at a million products) keep longer: this instance's writes
 * still drop them at once; only other instances without Redis may lag by this much.
 */
export const FACETS_TTL_MS = 30_000;
/**
 * A write's transaction commits after `refreshListingColumns` ran: a second invalidation this
 * much later drops an answer read between the two (docs/decisions/024).
 */
export const SECOND_INVALIDATION_MS = 150;

/** A stamp read this recently renews an expired answer without another read. */
export const SNAPSHOT_REUSE_MS = 500;

const CHANNEL = 'shop:catalog:invalidate';

/**
 * The catalogue's change stamp as text (`readCatalogStamp`); any text with the same meaning: the
 * same text twice means no catalogue write committed between the two reads.
 */
export type ReadStamp = () => Promise<string>;

export { readCatalogStamp } from './catalog-stamp.ts';

type Check = { stamp: string; at: number };

/**
 * What a computation may use: `known`, the catalogue stamp read at `known.at` (at most
 * SNAPSHOT_REUSE_MS ago, after this instance's last invalidation), if any; a computation that
 * answers as of it (not as of its own start) says so with `asOf(known.at)`, and its answer is
 * then as old as that read (decision 077).
 */
export type ComputeContext = { known: Check | undefined; asOf: (at: number) => void };
type Compute = (context: ComputeContext) => Promise<unknown>;

type Entry = {
  answer: Promise<string>;
  /** The answer shows the database as of this time or later (a computation's start, or a renewal). */
  freshAt: number;
  ttl: number;
  /** The catalogue stamp read before the computation began (none: it cannot be renewed). */
  stamp: string | undefined;
  /** A renewal or recomputation under way, shared by every request for it. */
  pending?: Promise<string> | undefined;
};

export type CatalogCache = {
  /**
   * The cached JSON text of `key`, or computes, serialises and keeps it. Concurrent requests
   * for one key share one computation; a computation that started before an invalidation is
   * answered but not kept.
   */
  json(key: string, compute: Compute, ttlMs?: number): Promise<string>;
  /** Drops every cached answer here and, with Redis, in every other instance. */
  invalidate(): void;
  /** The old name of `invalidate` (the facets cache this generalises). */
  clear(): void;
  /** Settles once this instance listens to other instances' invalidations (at once without Redis). */
  readonly ready: Promise<void>;
  /**
   * Listing card rows by product id (card-rows.ts, decision 076), dropped with the answers; none
   * when the cache is off (nothing is then served from memory).
   */
  readonly cardRows: CardRows | undefined;
  /** Number of cached answers (tests, diagnostics). */
  readonly size: number;
  close(): Promise<void>;
};

// Every cache of this process, for writers that have no app at hand (refreshListingColumns runs
// inside transactions of several modules). Several apps in one process (tests) all drop theirs.
const live = new Set<{ dropLocal(): void; publish(): void }>();

/** A catalogue write happened: drop every cache now and once more after the commit window. */
export function catalogChanged(): void {
  for (const cache of live) {
    cache.dropLocal();
    cache.publish();
  }
  setTimeout(() => {
    for (const cache of live) {
      cache.dropLocal();
      cache.publish();
    }
  }, SECOND_INVALIDATION_MS).unref();
}

export function createCatalogCache(
  options: {
    redisUrl?: string;
    log?: { warn(obj: unknown, msg?: string): void };
    /** false: every answer is computed afresh (CATALOG_CACHE=off, benchmarks of the queries). */
    enabled?: boolean;
    /**
     * Reads the catalogue's change stamp (`readCatalogStamp`); given, an expired answer is renewed
     * instead of computed again while the stamp has not changed (app.ts passes one; none: plain TTL).
     */
    stamp?: ReadStamp;
    /** The TTL of listings, cards and suggestions (tests); CATALOG_TTL_MS by default. */
    ttlMs?: number;
  } = {},
): CatalogCache {
  const entries = new LRUCache<string, Entry>({ max: 5000 });
  const defaultTtl = options.ttlMs ?? CATALOG_TTL_MS;
  let generation = 0;
  const instance = randomUUID();
  const readStamp = options.stamp;
  const cardRows = options.enabled === false ? undefined : new CardRows();
  let lastCheck: Check | undefined;
  /** `generation` when the last stamp read began: a read begun before an invalidation is not `known`. */
  let lastCheckGeneration = -1;
  let checking: Promise<Check | undefined> | undefined;

  /** One stamp read at a time; undefined when it failed (then answers are computed again). */
  const check = (): Promise<Check | undefined> => {
    if (!readStamp) return Promise.resolve(undefined);
    checking ??= (async () => {
      const at = Date.now();
      const startedAt = generation;
      try {
        const stamp = await readStamp();
        if (!lastCheck || lastCheck.at <= at) {
          lastCheck = { stamp, at };
          lastCheckGeneration = startedAt;
        }
        return { stamp, at };
      } catch (error) {
        options.log?.warn({ err: error }, 'catalogue cache: stamp read failed');
        return undefined;
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  };
  /** A stamp read started at or after `since`: the last one, or a new one. */
  const checkSince = async (since: number) => {
    if (lastCheck && lastCheck.at >= since) return lastCheck;
    const seen = await check();
    // A read already under way may have started too early (a slow database): one more.
    return seen && seen.at < since ? check() : seen;
  };

  /** The last stamp read, when recent and begun after this instance's last invalidation. */
  const known = (): Check | undefined =>
    lastCheck && lastCheckGeneration === generation && Date.now() - lastCheck.at < SNAPSHOT_REUSE_MS
      ? lastCheck
      : undefined;

  /** Computes `key` afresh and keeps it (unless invalidated meanwhile). */
  const fill = (key: string, compute: Compute, ttl: number, stamp: string | undefined) => {
    const startedAt = generation;
    const entry: Entry = { answer: Promise.resolve(''), freshAt: Date.now(), ttl, stamp };
    const context: ComputeContext = {
      known: known(),
      asOf: (at) => {
        entry.freshAt = Math.min(entry.freshAt, at);
      },
    };
    entry.answer = compute(context).then((value) => JSON.stringify(value));
    entries.set(key, entry);
    entry.answer.then(
      () => {
        // Invalidated while computing: the answer may predate the write; do not keep it.
        if (generation !== startedAt && entries.peek(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return entry.answer;
  };

  /** An expired answer: kept with a new time when the stamp is the same, else computed again. */
  const renew = async (key: string, entry: Entry, compute: Compute): Promise<string> => {
    const startedAt = generation;
    const now = Date.now();
    const seen = await checkSince(now - Math.min(SNAPSHOT_REUSE_MS, entry.ttl / 4));
    if (seen && seen.stamp === entry.stamp && generation === startedAt && entries.peek(key) === entry) {
      await entry.answer;
      entry.freshAt = Math.max(entry.freshAt, seen.at);
      return entry.answer;
    }
    return fill(key, compute, entry.ttl, seen?.stamp);
  };

  const dropLocal = () => {
    generation += 1;
    entries.clear();
    cardRows?.clear();
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let ready = Promise.resolve();
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    subscriber = new Redis(options.redisUrl);
    const warn = (error: unknown) => options.log?.warn({ err: error }, 'catalogue cache: Redis');
    publisher.on('error', warn);
    subscriber.on('error', warn);
    ready = subscriber.subscribe(CHANNEL).then(() => undefined, warn);
    subscriber.on('message', (_channel: string, from: string) => {
      if (from !== instance) dropLocal();
    });
  }
  const publish = () => {
    publisher?.publish(CHANNEL, instance).catch(() => {});
  };

  const member = { dropLocal, publish };
  live.add(member);

  return {
    json(key, compute, ttlMs) {
      if (options.enabled === false)
        return compute({ known: undefined, asOf: () => {} }).then((value) => JSON.stringify(value));
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && now - cached.freshAt < cached.ttl) return cached.answer;
      if (cached?.pending) return cached.pending;
      if (cached?.stamp !== undefined && readStamp) {
        const pending = renew(key, cached, compute).finally(() => {
          cached.pending = undefined;
        });
        cached.pending = pending;
        return pending;
      }
      // A new answer is stamped with the last stamp read (taken before it is computed); none
      // recent: one is read now for the answers computed after it.
      const reuse = Math.min(SNAPSHOT_REUSE_MS, (ttlMs ?? defaultTtl) / 4);
      // After an invalidation too: a read begun before it is no proof for the computations after it.
      if (readStamp && (!lastCheck || now - lastCheck.at >= reuse || lastCheckGeneration !== generation))
        void check();
      return fill(key, compute, ttlMs ?? defaultTtl, lastCheck?.stamp);
    },
    invalidate() {
      dropLocal();
      publish();
    },
    clear() {
      dropLocal();
      publish();
    },
    ready,
    cardRows,
    get size() {
      return entries.size;
    },
    async close() {
      live.delete(member);
      await Promise.all([publisher?.quit().catch(() => {}), subscriber?.quit().catch(() => {})]);
    },
  };
}

/** The same query in any spelling (key order, list order, duplicates) gives the same key. */
export function cacheKey(route: string, query: Record<string, unknown> = {}): string {
  const canonical = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => [k, Array.isArray(v) ? [...new Set(v.map(String))].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route} ${JSON.stringify(canonical)}`;
}
