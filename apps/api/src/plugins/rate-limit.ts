// Abuse limits (docs/product.md §16): counted by @fastify/rate-limit, in memory or in Redis when
// REDIS_URL is set so that several instances share them. One limit per kind of work, keyed by the
// signed-in shopper where one is known and by client address only where none is (sign-in, image
// renders, signed-out search). Refusals are 429 in the one error shape with Retry-After.
//
// Attaching a limit to a route is one line:
//   app.post('/find/photo', { config: { limit: 'photo' }, schema: … }, handler)
// Every write in the shopper scope (app.ts) gets the `write` limit without asking.
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { RateLimitSettings } from '../env.ts';
import { AppError } from './errors.ts';

type StoreParams = RateLimitOptions & { routeInfo?: { method?: string; url?: string } };
type PluginRedisStore = FastifyRateLimitStore & { key: string };
const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => PluginRedisStore;

/**
 * The plugin's own Redis store, except for the limiters `createRateLimit` makes (ours, one per
 * kind): the stock store puts the route's method and URL in each child's keys, and those have
 * none, so every key read `…undefinedundefined-write:u1` (issue 25). Their keys are the prefix and
 * ours (`write:u1`, `signIn:a1.2.3.4`); a route's own limit keeps its route in the key.
 */
function redisStoreOf(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const wrap = (store: PluginRedisStore): PluginRedisStore => {
    const routeChild = store.child.bind(store);
    store.child = (options) => {
      // What the plugin passes at run time: its merged options with the route, or `{}` for ours.
      const params = options as unknown as StoreParams;
      return params.routeInfo?.method
        ? routeChild(options)
        : wrap(new PluginRedisStore(params.continueExceeding, params.exponentialBackoff, redis, store.key));
    };
    return store;
  };
  return class {
    constructor(options: RateLimitOptions) {
      return wrap(new PluginRedisStore(options.continueExceeding, options.exponentialBackoff, redis, prefix));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

export type LimitKind = 'write' | 'search' | 'photo' | 'resolve' | 'signIn' | 'images';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The abuse limit this route counts against (plugins/rate-limit.ts). */
    limit?: LimitKind;
  }
  interface FastifyInstance {
    limits: {
      /** Counts one request against `kind`; throws 429 (with Retry-After set) when over. */
      check: (kind: LimitKind, request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    };
  }
}

/** Where no shopper is known, one address may be thousands of shoppers behind a carrier's NAT. */
const PER_ADDRESS_FACTOR = 10;
const MINUTE = 60_000;

const APPLIED = Symbol('limit applied');

/** Adds the `kind` limit to a route being declared (an onRoute hook's argument); idempotent. */
export function applyLimit(
  route: RouteOptions & { [APPLIED]?: boolean },
  kind: LimitKind,
  app: FastifyInstance,
) {
  if (route[APPLIED]) return;
  route[APPLIED] = true;
  route.config = { ...route.config, limit: kind };
  const hook = async (request: FastifyRequest, reply: FastifyReply) => app.limits.check(kind, request, reply);
  // Before validation: a malformed write counts against the limit too (else invalid bodies are free).
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

export async function rateLimits(
  app: FastifyInstance,
  { redisUrl, settings }: { redisUrl: string | undefined; settings: RateLimitSettings },
) {
  const redis =
    redisUrl && settings.enabled
      ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
      : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisStoreOf(redis, settings.redisPrefix) } : {}),
    // The plugin throws what this returns; the error handler gives it the one error shape.
    errorResponseBuilder: () =>
      new AppError(429, 'too_many_requests', 'Слишком много запросов, попробуйте позже'),
  });

  const perUser: Record<LimitKind, number> = {
    write: settings.writesPerMin,
    search: settings.searchPerMin,
    photo: settings.photoPerMin,
    resolve: settings.resolvePerMin,
    signIn: settings.signInPerMin,
    images: settings.imagesPerMin,
  };
  const byAddressOnly = new Set<LimitKind>(['signIn', 'images']);

  /** The shopper id: set by `authenticate` on shopper routes, else read from a valid bearer token. */
  async function shopper(request: FastifyRequest): Promise<number | undefined> {
    if (request.userId) return request.userId;
    return app.optionalUserId ? app.optionalUserId(request) : undefined;
  }

  const limiters = new Map(
    (Object.keys(perUser) as LimitKind[]).map((kind) => [
      kind,
      app.createRateLimit({
        timeWindow: MINUTE,
        keyGenerator: async (request: FastifyRequest) => {
          const id = byAddressOnly.has(kind) ? undefined : await shopper(request);
          return id ? `${kind}:u${id}` : `${kind}:a${request.ip}`;
        },
        max: async (_request: FastifyRequest, key: string) =>
          key.includes(':a') && !byAddressOnly.has(kind) ? perUser[kind] * PER_ADDRESS_FACTOR : perUser[kind],
      }),
    ]),
  );

  app.decorate('limits', {
    check: async (kind: LimitKind, request: FastifyRequest, reply: FastifyReply) => {
      if (!settings.enabled) return;
      const result = await limiters.get(kind)!(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError(429, 'too_many_requests', 'Слишком много запросов, попробуйте через минуту');
      }
    },
  });

  // A route that names a limit in its config gets it.
  app.addHook('onRoute', (route) => {
    if (route.config?.limit) applyLimit(route, route.config.limit, app);
  });
}
