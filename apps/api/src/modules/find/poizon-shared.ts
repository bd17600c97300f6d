// What several instances share about the Poizon provider when REDIS_URL is set (docs/product.md
// §14.2): the answers of the provider (items and searches, 10 minutes) and the pace of calls to it
// (one call per POIZON_API_MIN_INTERVAL_MS across all instances, not per instance). Without Redis,
// or while Redis is unreachable, each instance keeps its own cache and pace (poizon.service.ts,
// http-provider.ts): a Redis failure never fails a shopper's request.
import { Redis } from 'ioredis';

export type PoizonShared = {
  /** The cached JSON text of `key`, or null (also when Redis fails). */
  get(key: string): Promise<string | null>;
  /** Keeps `value` for `ttlMs`; failures are only logged. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Reserves the next call slot, `minIntervalMs` after the one reserved before by any instance;
   * resolves with how long to wait for it (ms), or null when Redis cannot tell.
   */
  reserveCall(minIntervalMs: number): Promise<number | null>;
  close(): Promise<void>;
};

// Redis's clock for every instance: the slot after max(now, the last reserved), kept a little longer
// than it matters. Answers the wait in ms.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, last)
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], at + interval, 'PX', at - now + interval + 1000)
return at - now
`;

export function createPoizonShared(
  redisUrl: string,
  {
    prefix = 'shop:poizon:',
    log,
  }: { prefix?: string; log?: { warn(obj: unknown, msg?: string): void } } = {},
): PoizonShared {
  // As the rate limits' client (plugins/rate-limit.ts): one retry, then the caller's fallback.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const warn = (err: unknown, what: string) => log?.warn({ err }, `Poizon shared ${what}: Redis`);
  redis.on('error', (err: unknown) => warn(err, 'connection'));
  return {
    async get(key) {
      try {
        return await redis.get(`${prefix}${key}`);
      } catch (err) {
        warn(err, 'cache read');
        return null;
      }
    },
    async set(key, value, ttlMs) {
      try {
        await redis.set(`${prefix}${key}`, value, 'PX', ttlMs);
      } catch (err) {
        warn(err, 'cache write');
      }
    },
    async reserveCall(minIntervalMs) {
      try {
        const wait = await redis.eval(RESERVE, 1, `${prefix}pace`, String(minIntervalMs));
        return Number(wait);
      } catch (err) {
        warn(err, 'pace');
        return null;
      }
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
