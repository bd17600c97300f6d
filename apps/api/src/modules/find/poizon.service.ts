// Find by Poizon link and Poizon search (docs/product.md §14.1–§14.2): what a pasted text names, the
// shop's own product first, then the provider's item priced in roubles, else a request form.
import {
  computeFindPrice,
  DEFAULT_WEIGHT_KG,
  parsePoizonQuery,
  QUOTE_VALID_HOURS,
  UNRECOGNISED_QUERY_MESSAGE,
  type FindSettings,
  type PoizonItem,
  type PoizonSearchResult,
  type ResolveResult,
} from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../plugins/errors.ts';
import { findCatalogProductBySpu } from '../catalog/index.ts';
import { fetchAllowed } from '../../lib/fetch-allowed.ts';
import { getFindSettings } from './find-settings.repository.ts';
import { ProviderUnavailable, type PoizonProvider, type ProviderItem } from './poizon-provider.ts';
import type { PoizonShared } from './poizon-shared.ts';

export const SEARCH_PAGE_SIZE = 20;
export const CACHE_TTL_MS = 10 * 60_000;
/** With Redis, how long an instance reuses an answer without asking Redis again. */
const SHARED_LOCAL_TTL_MS = 5_000;
const DELIVERY_DAYS = '15–25';
/** Hosts a short link may redirect through (docs/product.md §14.1). */
const SHORT_LINK_HOSTS = [
  'dw4.co',
  'fast.dewu.com',
  'm.dewu.com',
  'cdn-m.dewu.com',
  'www.dewu.com',
  'dewu.com',
  'www.poizon.com',
  'poizon.com',
];

/** A provider item priced with the current settings: every size in roubles, valid 24 h. */
export function priceItem(item: ProviderItem, settings: FindSettings, now = new Date()): PoizonItem {
  const weight = DEFAULT_WEIGHT_KG[item.category];
  const sizes = item.sizes.map((s) => {
    const breakdown = computeFindPrice(s.priceFen / 100, weight, settings);
    return { size: s.size, price_cny: s.priceFen / 100, price_rub: breakdown.total_rub, breakdown };
  });
  const cheapest = sizes.reduce((a, b) => (b.price_rub < a.price_rub ? b : a), sizes[0]!);
  return {
    spu_id: item.spuId,
    title: item.title,
    brand: item.brand,
    article: item.article,
    images: item.images,
    category: item.category,
    sizes,
    price_from_rub: cheapest.price_rub,
    price_from_cny: cheapest.price_cny,
    delivery_days: DELIVERY_DAYS,
    valid_until: new Date(now.getTime() + QUOTE_VALID_HOURS * 3_600_000).toISOString(),
  };
}

export type PoizonService = ReturnType<typeof createPoizonService>;

export function createPoizonService(
  db: Database,
  provider: PoizonProvider,
  log: FastifyBaseLogger,
  /** With REDIS_URL: the provider's answers are shared by every instance (poizon-shared.ts). */
  shared?: PoizonShared,
) {
  const products = new LRUCache<string, Promise<ProviderItem | null>>({ max: 2000, ttl: CACHE_TTL_MS });
  const searches = new LRUCache<string, Promise<{ items: ProviderItem[]; more: boolean }>>({
    max: 1000,
    ttl: CACHE_TTL_MS,
  });

  /** Through Redis when shared: another instance's answer is used, this one's is kept for all. */
  const load = async <T>(key: string, call: () => Promise<T>): Promise<T> => {
    if (!shared) return call();
    const text = await shared.get(key);
    if (text !== null) return JSON.parse(text) as T;
    const value = await call();
    await shared.set(key, JSON.stringify(value), CACHE_TTL_MS);
    return value;
  };

  // Concurrent asks of one key share one call. With Redis the local copy lives only seconds (Redis
  // holds the 10 minutes); a failed call is not cached: the next shopper tries again.
  const cached = <T>(
    cache: LRUCache<string, Promise<T>>,
    key: string,
    call: () => Promise<T>,
  ): Promise<T> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const job = load(key, call);
    cache.set(key, job, shared ? { ttl: SHARED_LOCAL_TTL_MS } : undefined);
    job.catch(() => cache.delete(key));
    return job;
  };

  const getProviderItem = (spuId: string) => cached(products, `i:${spuId}`, () => provider.getProduct(spuId));

  /** The spuId behind a dw4.co link: the provider first, else its redirects (≤ 3 hops, 5 s). */
  async function followShortLink(url: string): Promise<string | null> {
    try {
      const viaProvider = await provider.resolveLink(url);
      if (viaProvider) return viaProvider.spuId;
    } catch (err) {
      log.warn({ err }, 'Poizon provider could not resolve a short link');
    }
    try {
      const res = await fetchAllowed(url, {
        hosts: SHORT_LINK_HOSTS,
        timeoutMs: 5000,
        maxBytes: 256 * 1024,
        maxRedirects: 3,
      });
      const parsed = parsePoizonQuery(res.url);
      if (parsed?.kind === 'spu') return parsed.spu_id;
    } catch (err) {
      log.info({ err: (err as Error).message }, 'short link could not be followed');
    }
    return null;
  }

  async function providerItem(spuId: string): Promise<PoizonItem | null> {
    let item: ProviderItem | null;
    try {
      item = await getProviderItem(spuId);
    } catch (err) {
      log.warn({ err }, 'Poizon provider failed');
      return null;
    }
    return item && item.sizes.length ? priceItem(item, await getFindSettings(db)) : null;
  }

  return {
    provider,

    async resolve(query: string): Promise<ResolveResult> {
      const parsed = parsePoizonQuery(query);
      if (!parsed) throw badRequest(UNRECOGNISED_QUERY_MESSAGE);
      const url = 'url' in parsed && parsed.url ? parsed.url : null;
      let spuId: string | null = parsed.kind === 'spu' ? parsed.spu_id : null;
      const article = parsed.kind === 'article' ? parsed.article : null;
      if (parsed.kind === 'short_link') spuId = await followShortLink(parsed.url);

      const own = await findCatalogProductBySpu(db, {
        ...(spuId ? { spuId } : {}),
        ...(article ? { article } : {}),
      });
      if (own) return { kind: 'catalog', product_id: own };

      if (spuId) {
        const item = await providerItem(spuId);
        if (item) return { kind: 'poizon', item };
      } else if (article && provider.kind !== 'none') {
        // An article: the provider's search, an exact article match only.
        try {
          const found = await cached(searches, `s:a:${article}`, () =>
            provider.search(article, 1, SEARCH_PAGE_SIZE),
          );
          const hit = found.items.find((i) => i.article?.toUpperCase().replace(/\s+/g, '') === article);
          if (hit) return { kind: 'poizon', item: priceItem(hit, await getFindSettings(db)) };
        } catch (err) {
          log.warn({ err }, 'Poizon provider failed');
        }
      }
      return { kind: 'manual', parsed: { url, spu_id: spuId, article } };
    },

    /** A provider item by spuId, priced now; null when unknown or the provider is off. */
    item: providerItem,

    async search(q: string, page: number): Promise<PoizonSearchResult> {
      if (provider.kind === 'none') throw new ProviderUnavailable('no provider');
      const key = `s:q:${q.toLowerCase().replace(/\s+/g, ' ')}\n${page}`;
      const found = await cached(searches, key, () => provider.search(q, page, SEARCH_PAGE_SIZE));
      const settings = await getFindSettings(db);
      return {
        items: found.items
          .filter((i) => i.sizes.length)
          .map((i) => {
            const priced = priceItem(i, settings);
            return {
              spu_id: i.spuId,
              title: i.title,
              brand: i.brand,
              image: i.images[0] ?? null,
              price_from_rub: priced.price_from_rub,
              price_from_cny: priced.price_from_cny,
            };
          }),
        page,
        more: found.more,
      };
    },
  };
}
