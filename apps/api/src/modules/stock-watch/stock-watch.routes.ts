// The shopper's «Сообщить о поступлении» (issue 27): subscribe to a sold-out size of a product,
// and which sizes of it the shopper waits for.
import {
  ApiErrorSchema,
  IdParamsSchema,
  RestockSubscribeBodySchema,
  RestockSubscriptionResponseSchema,
  RestockSubscriptionsResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribe, waitingVariantIds } from './subscriptions.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const stockWatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['catalog'] };

  app.post(
    '/product/:id/subscribe',
    {
      schema: {
        ...meta,
        summary:
          '«Сообщить о поступлении»: one bot message when the sold-out size is on sale again (idempotent; 409 while it is in stock)',
        params: IdParamsSchema,
        body: RestockSubscribeBodySchema,
        response: { 200: RestockSubscriptionResponseSchema, 201: RestockSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await subscribe(
        app.db,
        request.userId,
        request.params.id,
        request.body.variant_id,
      );
      return reply.code(created ? 201 : 200).send({ result: subscription });
    },
  );

  app.get(
    '/product/:id/subscriptions',
    {
      schema: {
        ...meta,
        summary: 'The sizes of the product this shopper waits for',
        params: IdParamsSchema,
        response: { 200: RestockSubscriptionsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: { variant_ids: await waitingVariantIds(app.db, request.userId, request.params.id) },
    }),
  );
};
