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
   * Takes the turn to call the provider now, if no instance has called in the last
   * `minIntervalMs`: resolves 0 when the turn is ours (call at once), else how long to wait before
   * asking again (ms), or null when Redis cannot tell.
   */
  takeTurn(minIntervalMs: number): Promise<number | null>;
  close(): Promise<void>;
};

// A turn is a key that lives one interval from the moment a call takes it, on Redis's clock: a
// call starts only once it holds the turn, so two calls from any instances start at least one
// interval apart however late their timers fire. Answers 0 (taken) or the ms until it frees.
const TAKE_TURN = `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 1 then return 1 end
return left
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
    async takeTurn(minIntervalMs) {
      try {
        return Number(await redis.eval(TAKE_TURN, 1, `${prefix}pace`, String(minIntervalMs)));
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
