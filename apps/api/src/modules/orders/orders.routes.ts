// Orders of the signed-in shopper. The foundation answers the active list that the session start
// prefetches; it stays empty until the orders issue adds the orders tables.
import { ApiErrorSchema, OrderPageQuerySchema, OrderPageResponseSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order/detail/active',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Active orders (neither completed nor canceled), newest first',
        security: [{ bearer: [] }],
        querystring: OrderPageQuerySchema,
        response: { 200: OrderPageResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => ({ result: { orders: [], page: request.query.page, more: false } }),
  );
};
