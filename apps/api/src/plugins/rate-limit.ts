// Rate limiting, opt-in per route (`config.rateLimit`): counts in memory, or in Redis when
// REDIS_URL is set so that several instances share them. Refusals use the one error shape.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

export async function rateLimits(app: FastifyInstance, { redisUrl }: { redisUrl: string | undefined }) {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    // The plugin throws what this returns; the error handler gives it the one error shape.
    errorResponseBuilder: () =>
      new AppError(429, 'too_many_requests', 'Слишком много запросов, попробуйте позже'),
  });
}
