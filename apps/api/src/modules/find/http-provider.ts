// The `http` Poizon provider: a data API of the shape in docs/decisions/022-poizon-http-api.md
// (GET /link?url=, GET /products/{spuId}, GET /search?q=&page=&limit=, bearer key), called through
// fetchAllowed and paced to one call per `minIntervalMs` (the APIs allow about 0.5 requests/s), across
// instances when they share Redis.
import { z } from 'zod';
import { fetchAllowed } from '../../lib/fetch-allowed.ts';
import { ProviderUnavailable, type PoizonProvider, type ProviderItem } from './poizon-provider.ts';
import type { PoizonShared } from './poizon-shared.ts';

const ItemSchema = z.object({
  spu_id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().min(1),
  brand: z.string().default(''),
  article: z.string().nullable().default(null),
  category: z.enum(['sneakers', 'clothing', 'bag', 'accessories']).catch('clothing'),
  images: z.array(z.string().url()).default([]),
  sizes: z.array(z.object({ size: z.string(), price_fen: z.number().int().positive() })).min(1),
});
const LinkSchema = z.object({
  spu_id: z.union([z.string(), z.number()]).transform(String),
  sku_id: z.union([z.string(), z.number()]).transform(String).optional(),
});
const SearchSchema = z.object({ items: z.array(ItemSchema), more: z.boolean().default(false) });

const toItem = (i: z.infer<typeof ItemSchema>): ProviderItem => ({
  spuId: i.spu_id,
  title: i.title,
  brand: i.brand,
  article: i.article,
  category: i.category,
  images: i.images,
  sizes: i.sizes.map((s) => ({ size: s.size, priceFen: s.price_fen })),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spaces calls `minIntervalMs` apart, in order, from when each really starts: a timer that fires
 * late delays the calls after it instead of letting them bunch up.
 */
function pacer(minIntervalMs: number) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      const wait = lastStart + minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastStart = Date.now();
    });
    queue = turn;
    return turn;
  };
}

export function httpProvider({
  apiUrl,
  apiKey,
  minIntervalMs,
  shared,
}: {
  apiUrl: string;
  apiKey: string | undefined;
  minIntervalMs: number;
  /** With REDIS_URL: the pace is kept across instances (poizon-shared.ts); this instance's otherwise. */
  shared?: Pick<PoizonShared, 'takeTurn'> | undefined;
}): PoizonProvider {
  const base = apiUrl.replace(/\/+$/, '');
  const hosts = [new URL(base).hostname];
  const local = pacer(minIntervalMs);
  const wait = async () => {
    if (!shared || minIntervalMs <= 0) return local();
    for (;;) {
      const left = await shared.takeTurn(minIntervalMs);
      if (left === null) return local();
      if (left === 0) return;
      await sleep(left);
    }
  };
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };

  async function get(path: string): Promise<unknown> {
    await wait();
    let res;
    try {
      res = await fetchAllowed(`${base}${path}`, {
        hosts,
        headers,
        timeoutMs: 8000,
        maxBytes: 2 * 1024 * 1024,
        maxRedirects: 0,
      });
    } catch (err) {
      throw new ProviderUnavailable(`Poizon API unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (res.status !== 200) throw new ProviderUnavailable(`Poizon API answered ${res.status}`);
    try {
      return JSON.parse(res.body) as unknown;
    } catch {
      throw new ProviderUnavailable('Poizon API answered no JSON');
    }
  }

  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderUnavailable('Poizon API answered an unknown shape');
    return parsed.data;
  };

  return {
    kind: 'http',
    async resolveLink(url) {
      const body = await get(`/link?url=${encodeURIComponent(url)}`);
      if (body === null) return null;
      const link = parse(LinkSchema, body);
      return { spuId: link.spu_id, ...(link.sku_id ? { skuId: link.sku_id } : {}) };
    },
    async getProduct(spuId) {
      const body = await get(`/products/${encodeURIComponent(spuId)}`);
      return body === null ? null : toItem(parse(ItemSchema, body));
    },
    async search(q, page, limit) {
      const body = await get(`/search?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}`);
      if (body === null) return { items: [], more: false };
      const result = parse(SearchSchema, body);
      return { items: result.items.map(toItem), more: result.more };
    },
  };
}
