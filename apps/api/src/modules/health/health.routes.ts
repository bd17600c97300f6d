import { HealthSchema, ReadySchema } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'The process is alive', response: { 200: HealthSchema } } },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'The database answers',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.dbKind };
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        return reply.code(503).send({ status: 'unavailable' as const, database: app.dbKind });
      }
    },
  );
};
