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
// Only public, user-independent answers may enter: the routes that use it never read the
// shopper's identity (catalog.routes.ts), and a test checks that a signed-in shopper gets the
// same bytes as an anonymous one.
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';

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

const CHANNEL = 'shop:catalog:invalidate';

export type CatalogCache = {
  /**
   * The cached JSON text of `key`, or computes, serialises and keeps it. Concurrent requests
   * for one key share one computation; a computation that started before an invalidation is
   * answered but not kept.
   */
  json(key: string, compute: () => Promise<unknown>, ttlMs?: number): Promise<string>;
  /** Drops every cached answer here and, with Redis, in every other instance. */
  invalidate(): void;
  /** The old name of `invalidate` (the facets cache this generalises). */
  clear(): void;
  /** Settles once this instance listens to other instances' invalidations (at once without Redis). */
  readonly ready: Promise<void>;
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
  } = {},
): CatalogCache {
  const entries = new LRUCache<string, Promise<string>>({ max: 5000, ttl: CATALOG_TTL_MS });
  let generation = 0;
  const instance = randomUUID();

  const dropLocal = () => {
    generation += 1;
    entries.clear();
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
      if (options.enabled === false) return compute().then((value) => JSON.stringify(value));
      const cached = entries.get(key);
      if (cached) return cached;
      const startedAt = generation;
      const answer = compute().then((value) => JSON.stringify(value));
      entries.set(key, answer, ttlMs ? { ttl: ttlMs } : undefined);
      answer.then(
        () => {
          // Invalidated while computing: the answer may predate the write; do not keep it.
          if (generation !== startedAt && entries.peek(key) === answer) entries.delete(key);
        },
        () => {
          if (entries.peek(key) === answer) entries.delete(key);
        },
      );
      return answer;
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
