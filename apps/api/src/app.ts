// Builds the Fastify application: external plugins, then ours, then routes, then the web app.
// No listening here (server.ts does that), so tests drive it through app.inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { createPaymentProvider } from './modules/payment/create-provider.ts';
import type { PaymentProvider } from './modules/payment/payment-provider.ts';
import { paymentPublicRoutes, paymentRoutes } from './modules/payment/payment.routes.ts';
import { catalogV1Routes, catalogV2Routes } from './modules/catalog/catalog.routes.ts';
import { createFacetsCache, type FacetsCache } from './modules/catalog/facets-cache.ts';
import { imagesRoutes } from './modules/media/images.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import botPlugin, { type BotPluginOptions } from './modules/bot/bot.plugin.ts';
import { botRoutes } from './modules/bot/bot.routes.ts';
import { DEMO_SHOPPER } from './modules/dev/dev.routes.ts';
import { syncEnvOwners } from './modules/staff/staff.repository.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { clientErrorHandler, errorBody, frameworkErrors } from './plugins/errors.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { openApi } from './plugins/swagger.ts';
import { staticWeb } from './modules/web/static-web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    env: Env;
    /** The one payment provider of this instance (routes and background jobs share it). */
    paymentProvider: PaymentProvider;
    /** Facets answers of this instance; catalogue writes clear it (modules/catalog/facets-cache.ts). */
    facetsCache: FacetsCache;
  }
}

export type BuildOptions = {
  env: Env;
  database: DatabaseHandle;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Requests per minute per address on the sign-in route. */
  authRateLimitPerMin?: number;
  /** Outbox worker tuning (tests make it quick). */
  bot?: BotPluginOptions;
};

/** Request bodies of this API are small; anything larger is refused with 413. */
const BODY_LIMIT = 256 * 1024;

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
  app.decorate('facetsCache', createFacetsCache());

  // Third-party plugins first: swagger must see every route added after it, and the rate limit
  // must exist before a route asks for it.
  await openApi(app);
  await rateLimits(app, { redisUrl: env.redisUrl });

  // The error shape and bearer identity, which the routes rely on.
  await app.register(errorsPlugin);
  await app.register(authPlugin, { jwtSecret: env.jwtSecret });
  await app.register(botPlugin, options.bot ?? {});
  // Owners from ADMIN_TELEGRAM_IDS; with the dev login the demo shopper owns the demo shop.
  await syncEnvOwners(database.db, [...env.adminTelegramIds, ...(env.devLogin ? [DEMO_SHOPPER.id] : [])]);
  const paymentProvider = createPaymentProvider(env, database.db);
  app.decorate('paymentProvider', paymentProvider);

  await app.register(healthRoutes);
  await app.register(imagesRoutes, { dataDir: env.dataDir, imageHosts: env.imageHosts });
  await app.register(
    async (v1) => {
      await v1.register(authRoutes, {
        botToken: env.botToken,
        maxAgeS: env.authMaxAgeS,
        rateLimitPerMin: options.authRateLimitPerMin ?? 60,
      });
      const provider = paymentProvider;
      // The shopper's own data: every route in this scope needs a valid bearer token, and says so
      // in the OpenAPI document.
      await v1.register(async (shopper) => {
        shopper.addHook('onRequest', shopper.authenticate);
        shopper.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, security: [{ bearer: [] }] };
        });
        await shopper.register(profileRoutes);
        await shopper.register(ordersRoutes);
        await shopper.register(cartRoutes);
        await shopper.register(favoritesRoutes);
        await shopper.register(deliveryRoutes);
        await shopper.register(passportRoutes);
        await shopper.register(paymentRoutes, { provider });
      });
      await v1.register(paymentPublicRoutes, { provider });
      await v1.register(adminRoutes, { prefix: '/admin', provider });
      await v1.register(botRoutes, { shopBot: app.shopBot });
      await v1.register(catalogV1Routes);
      if (env.devLogin)
        await v1.register(devRoutes, { botToken: env.botToken, botUsername: env.botUsername });
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (v2) => {
      await v2.register(catalogV2Routes);
    },
    { prefix: '/api/v2' },
  );

  // The web app answers every path no API route claims (its catch-all loses to any exact route).
  await staticWeb(app, { webDist: env.webDist });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody('not_found', `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`)),
  );

  return app;
}
