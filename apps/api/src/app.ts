// Builds the Fastify application: external plugins, then ours, then routes, then the web app.
// No listening here (server.ts does that), so tests drive it through app.inject.
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { createPaymentProvider } from './modules/payment/create-provider.ts';
import { paymentPublicRoutes, paymentRoutes } from './modules/payment/payment.routes.ts';
import { catalogV1Routes, catalogV2Routes } from './modules/catalog/catalog.routes.ts';
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
import errorsPlugin, { AppError, errorBody } from './plugins/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    env: Env;
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

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
    trustProxy: env.isProduction,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('env', env);

  // External plugins.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop mini-app API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const redis = env.redisUrl
    ? new Redis(env.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    // The plugin throws what this returns; the error handler gives it the one error shape.
    errorResponseBuilder: () =>
      new AppError(429, 'too_many_requests', 'Слишком много запросов, попробуйте позже'),
  });

  // Our plugins.
  await app.register(errorsPlugin);
  await app.register(authPlugin, { jwtSecret: env.jwtSecret });
  await app.register(botPlugin, options.bot ?? {});
  // Owners from ADMIN_TELEGRAM_IDS; with the dev login the demo shopper owns the demo shop.
  await syncEnvOwners(database.db, [...env.adminTelegramIds, ...(env.devLogin ? [DEMO_SHOPPER.id] : [])]);
  const paymentProvider = createPaymentProvider(env, database.db);

  // Routes.
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

  // The built web app, with index.html for every app route.
  const webDist = path.resolve(env.webDist ?? defaultWebDist);
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); they are
      // sent to browsers that accept them (the first screen's JavaScript is 3–4× smaller).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const file = path.join(webDist, path.normalize(request.url.split('?')[0] ?? '/'));
      const relative = path.relative(webDist, file);
      if (relative && !relative.startsWith('..') && existsSync(file) && !file.endsWith(path.sep)) {
        return reply.sendFile(relative);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody('not_found', `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`)),
  );

  return app;
}
