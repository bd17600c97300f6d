// Builds the Fastify application: external plugins, then ours, then routes, then the web app.
// No listening here (server.ts does that), so tests drive it through app.inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import underPressure from '@fastify/under-pressure';
import backgroundJobs, { type BackgroundJobsOptions } from './background-jobs.ts';
import { JobRuns } from './lib/job-runner.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Env, PressureLimits } from './env.ts';
import { DEFAULT_DELIVERY_SETTINGS } from './env.ts';
import type { DeliveryProvider } from './modules/delivery/delivery-provider.ts';
import type { SafeFetchOptions } from './lib/safe-fetch.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { deliveryAdminRoutes } from './modules/delivery/delivery.admin.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { createDeliveryService, type DeliveryService } from './modules/delivery/delivery.service.ts';
import { deliveryWebhookRoutes } from './modules/delivery/delivery.webhook.routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { createPaymentProvider } from './modules/payment/create-provider.ts';
import type { PaymentProvider } from './modules/payment/payment-provider.ts';
import { paymentPublicRoutes, paymentRoutes } from './modules/payment/payment.routes.ts';
import { syncProviderRefund } from './modules/refunds/index.ts';
import { advanceByCarrier } from './modules/orders/index.ts';
import { catalogV1Routes, catalogV2Routes } from './modules/catalog/catalog.routes.ts';
import { BloggerSuggestions } from './modules/blogger/index.ts';
import { createCatalogCache, readCatalogStamp, type CatalogCache } from './modules/catalog/catalog-cache.ts';
import { attachTokenIndex, detachTokenIndex } from './modules/catalog/token-index.ts';
import { imagesRoutes } from './modules/media/images.routes.ts';
import { createMediaStore, type MediaStore } from './modules/media/media-store.ts';
import { decoratePhotoSearch } from './modules/find-photo/find-photo.plugin.ts';
import { findPhotoRoutes } from './modules/find-photo/find-photo.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import metricsPlugin from './modules/metrics/metrics.plugin.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { orderThreadRoutes } from './modules/order-thread/order-thread.routes.ts';
import { stockWatchRoutes } from './modules/stock-watch/index.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { findAdminRoutes } from './modules/find/find.admin.routes.ts';
import { findRoutes } from './modules/find/find.routes.ts';
import { setupFind } from './modules/find/find.setup.ts';
import botPlugin, { type BotPluginOptions } from './modules/bot/bot.plugin.ts';
import { botRoutes } from './modules/bot/bot.routes.ts';
import { shareRoutes } from './modules/bot/share.routes.ts';
import { DEMO_SHOPPER } from './modules/dev/dev.routes.ts';
import { syncEnvOwners } from './modules/staff/staff.repository.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { clientErrorHandler, errorBody, frameworkErrors } from './plugins/errors.ts';
import inputGuards from './plugins/input-guards.ts';
import { applyLimit, rateLimits } from './plugins/rate-limit.ts';
import requestContext, { requestIdFrom } from './plugins/request-context.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { openApi } from './plugins/swagger.ts';
import { staticWeb } from './modules/web/static-web.ts';
import { bloggerAdminRoutes } from './modules/blogger/blogger.admin.routes.ts';
import { bloggerRoutes } from './modules/blogger/blogger.routes.ts';
import { bonusRoutes } from './modules/bonus/bonus.routes.ts';
import { programmesRoutes } from './modules/programmes/programmes.routes.ts';
import { setProgrammeSettings } from './lib/programme-settings.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    env: Env;
    /** The one payment provider of this instance (routes and background jobs share it). */
    paymentProvider: PaymentProvider;
    /** Public catalogue answers of this instance; every catalogue write calls `invalidate()` (modules/catalog/catalog-cache.ts). */
    catalogCache: CatalogCache;
    /** The old name of `catalogCache` (its `clear()` is `invalidate()`), kept for existing callers. */
    facetsCache: CatalogCache;
    /** Uploads, pictures and the resizer's cache: DATA_DIR or an S3 bucket (modules/media/media-store.ts). */
    media: MediaStore;
    /** Passes of each background job in this instance (`shop_job_runs_total`). */
    jobRuns: JobRuns;
    /** Carrier, customs and quotes of this instance (modules/delivery/delivery.service.ts). */
    delivery: DeliveryService;
  }
}

export type BuildOptions = {
  env: Env;
  database: DatabaseHandle;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Requests per minute per address on the sign-in route. */
  authRateLimitPerMin?: number;
  /** Tests only: shorter than the production request timeouts. */
  timeouts?: { requestMs: number; checkEveryMs: number };
  /** Tests only: let the image resizer's fetch reach a local server (lib/safe-fetch.ts options). */
  imageFetch?: Partial<SafeFetchOptions>;
  /** Outbox worker tuning (tests make it quick). */
  bot?: BotPluginOptions;
  /** The periodic sweeps of background-jobs.ts (intervals), or false: not started (most tests). */
  jobs?: BackgroundJobsOptions | false;
  /** Load shedding (@fastify/under-pressure); tests lower the limits. Default: PRESSURE_LIMITS. */
  pressure?: PressureLimits;
  /** Tests only: this carrier instead of the one the settings name (a fake whose world the test drives). */
  deliveryProvider?: DeliveryProvider;
};

/** Seconds a shed request is told to wait (`Retry-After`). */
export const PRESSURE_RETRY_AFTER_S = 5;

/** Request bodies of this API are small; anything larger is refused with 413. */
const BODY_LIMIT = 256 * 1024;
/**
 * A request (headers and body) must arrive within 30 s, and an idle connection is closed after
 * 75 s: a body sent one byte every 5 s is cut off with 408 (docs/product.md §16). Node checks
 * the running requests every `checkEveryMs`.
 */
const TIMEOUTS = { requestMs: 30_000, checkEveryMs: 2_000 };
const CONNECTION_IDLE_MS = 75_000;
/** Shed load past 1 s of event-loop delay; memory limits only when the operator sets them. */
const DEFAULT_PRESSURE: PressureLimits = { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: 0, maxRssBytes: 0 };

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.logLevel,
            // Tokens and personal data never reach the logs.
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.initData', '*.passport'],
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: BODY_LIMIT,
    // One id per request in every log line, kept through the outbox (plugins/request-context.ts).
    genReqId: requestIdFrom,
    requestIdHeader: false,
    requestTimeout: (options.timeouts ?? TIMEOUTS).requestMs,
    connectionTimeout: CONNECTION_IDLE_MS,
    // Node checks the headers timeout first; it must not be longer than the whole request's.
    http: {
      connectionsCheckingInterval: (options.timeouts ?? TIMEOUTS).checkEveryMs,
      headersTimeout: (options.timeouts ?? TIMEOUTS).requestMs,
    },
    frameworkErrors,
    clientErrorHandler,
    // Only the listed proxies may set the client address through X-Forwarded-For.
    trustProxy: env.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('env', env);
  app.decorate('jobRuns', new JobRuns());
  app.decorate('shuttingDown', false);
  // While stopping (startup.ts), every answer closes its connection: a keep-alive connection whose
  // request was in flight when the port closed would otherwise hold the stop until it times out.
  // (A callback hook: an async one costs every answer a promise.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  const role = env.role ?? 'all';
  const media = createMediaStore(env.media, env.dataDir);
  app.decorate('media', media);
  app.addHook('onClose', () => media.close());
  const catalogCache = createCatalogCache({
    redisUrl: env.redisUrl,
    log: app.log,
    enabled: env.catalogCache,
    stamp: () => readCatalogStamp(database.db),
  });
  app.decorate('catalogCache', catalogCache);
  app.decorate('facetsCache', catalogCache);
  app.addHook('onClose', () => catalogCache.close());
  if (env.catalogTokenIndex !== false && role !== 'worker') {
    attachTokenIndex(database.db, (err: unknown) =>
      app.log.error({ err }, 'catalogue token index: load failed'),
    );
    app.addHook('onClose', () => detachTokenIndex(database.db));
  }
  setProgrammeSettings(env.programmes);
  decoratePhotoSearch(app, { refreshOnStart: env.photoIndexOnStart !== false });

  await app.register(requestContext);
  // Past the event-loop delay or memory limits, requests are shed with 503 and Retry-After
  // (the probes are never shed: modules/health/health.routes.ts).
  const pressure = options.pressure ?? env.pressure ?? DEFAULT_PRESSURE;
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    ...(pressure.sampleIntervalMs ? { sampleInterval: pressure.sampleIntervalMs } : {}),
    retryAfter: PRESSURE_RETRY_AFTER_S,
    pressureHandler: (_request, reply) => {
      reply.code(503).header('retry-after', String(PRESSURE_RETRY_AFTER_S));
      // under-pressure sends what the handler returns (its types say void).
      return errorBody(
        'service_unavailable',
        'Сервер перегружен — попробуйте ещё раз через несколько секунд',
      ) as unknown as void;
    },
  });
  // Third-party plugins first: swagger must see every route added after it, and the rate limit
  // must exist before a route asks for it.
  await securityHeaders(app, { isProduction: env.isProduction, imgOrigins: env.cspImgOrigins });
  if (role !== 'worker') await openApi(app);
  await rateLimits(app, { redisUrl: env.redisUrl, settings: env.rateLimits });

  // The error shape and bearer identity, which the routes rely on.
  await app.register(errorsPlugin);
  await app.register(inputGuards);
  await app.register(authPlugin, { jwtSecret: env.jwtSecret });
  await app.register(botPlugin, options.bot ?? {});
  // Owners from ADMIN_TELEGRAM_IDS; with the dev login the demo shopper owns the demo shop.
  await syncEnvOwners(database.db, [...env.adminTelegramIds, ...(env.devLogin ? [DEMO_SHOPPER.id] : [])]);
  const paymentProvider = createPaymentProvider(env, database.db);
  app.decorate('paymentProvider', paymentProvider);
  const delivery = createDeliveryService(
    database.db,
    env.delivery ?? DEFAULT_DELIVERY_SETTINGS,
    app.log,
    ...(options.deliveryProvider ? [options.deliveryProvider] : []),
  );
  // A parcel's step moves its order through the lifecycle (orders sits above delivery).
  delivery.moveOrder = advanceByCarrier;
  app.decorate('delivery', delivery);
  // The jobs run in `all` and `worker` instances, never in `web` (background-jobs.ts).
  await app.register(backgroundJobs, { periodic: options.jobs ?? {} });

  await app.register(healthRoutes);
  await app.register(metricsPlugin, {
    token: env.metricsToken,
    pool: { max: database.poolMax, applicationName: database.applicationName },
  });
  if (role === 'worker') {
    // A worker answers only its probes and /metrics.
    app.setNotFoundHandler((request, reply) =>
      reply
        .code(404)
        .send(errorBody('not_found', `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`)),
    );
    return app;
  }
  const find = await setupFind(app);
  await app.register(imagesRoutes, {
    media: app.media,
    imageHosts: env.imageHosts,
    ...(options.imageFetch ? { fetchOverrides: options.imageFetch } : {}),
  });
  await app.register(async (v1) => apiV1Routes(v1, { options, paymentProvider, findService: find.service }), {
    prefix: '/api/v1',
  });
  await app.register(
    async (v2) => {
      await v2.register(catalogV2Routes);
    },
    { prefix: '/api/v2' },
  );

  // The web app answers every path no API route claims (its catch-all loses to any exact route).
  await staticWeb(app, {
    webDist: env.webDist,
    devLogin: env.devLogin,
    answerBudgetMs: env.firstScreenBudgetMs,
    links: { botUsername: env.botUsername, appName: env.appName },
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody('not_found', `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`)),
  );

  return app;
}

/** Everything under /api/v1: sign-in, the shopper's own data (bearer token), the console, webhooks. */
async function apiV1Routes(
  v1: FastifyInstance,
  deps: {
    options: BuildOptions;
    paymentProvider: PaymentProvider;
    findService: Awaited<ReturnType<typeof setupFind>>['service'];
  },
) {
  const { env } = deps.options;
  await v1.register(authRoutes, {
    botToken: env.botToken,
    maxAgeS: env.authMaxAgeS,
    rateLimitPerMin: !env.rateLimits.enabled
      ? 0
      : (deps.options.authRateLimitPerMin ?? env.rateLimits.signInPerMin),
  });
  const provider = deps.paymentProvider;
  // The shopper's own data: every route in this scope needs a valid bearer token, and says so
  // in the OpenAPI document.
  await v1.register(async (shopper) => {
    shopper.addHook('onRequest', shopper.authenticate);
    shopper.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
      // Every write of a shopper counts against the per-shopper write limit.
      const methods = [route.method].flat();
      if (!methods.every((m) => m === 'GET' || m === 'HEAD'))
        applyLimit(route, route.config?.limit ?? 'write', shopper);
    });
    await shopper.register(profileRoutes);
    await shopper.register(ordersRoutes);
    await shopper.register(orderThreadRoutes);
    await shopper.register(stockWatchRoutes);
    await shopper.register(cartRoutes);
    await shopper.register(favoritesRoutes);
    await shopper.register(deliveryRoutes);
    await shopper.register(passportRoutes);
    await shopper.register(paymentRoutes, { provider });
    await shopper.register(referralRoutes);
    await shopper.register(bonusRoutes);
    await shopper.register(programmesRoutes);
    await shopper.register(bloggerRoutes);
    await shopper.register(findRoutes, { service: deps.findService });
    await shopper.register(findPhotoRoutes);
    await shopper.register(shareRoutes, { shopBot: shopper.shopBot });
  });
  await v1.register(paymentPublicRoutes, { provider, syncRefund: syncProviderRefund });
  await v1.register(deliveryWebhookRoutes);
  await v1.register(adminRoutes, { prefix: '/admin', provider });
  await v1.register(bloggerAdminRoutes, { prefix: '/admin' });
  await v1.register(findAdminRoutes, { prefix: '/admin' });
  await v1.register(deliveryAdminRoutes, { prefix: '/admin' });
  await v1.register(botRoutes, { shopBot: v1.shopBot });
  // The bloggers among the suggestions, held by the blogger module, their version read with the
  // catalogue's log reads (decision 086).
  await v1.register(catalogV1Routes, { suggestPeople: new BloggerSuggestions() });
  if (env.devLogin) await v1.register(devRoutes, { botToken: env.botToken, botUsername: env.botUsername });
}
