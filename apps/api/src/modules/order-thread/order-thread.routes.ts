// The shopper's side of an order's question thread (issue 27): read it, ask a question.
import {
  ApiErrorSchema,
  IdParamsSchema,
  OrderMessageBodySchema,
  OrderMessageResponseSchema,
  OrderMessagesResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askAboutOrder, listThread } from './order-thread.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

export const orderThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['orders'] };

  app.get(
    '/order/:id/messages',
    {
      schema: {
        ...meta,
        summary: "The order's question thread, oldest first (404 for another shopper's order)",
        params: IdParamsSchema,
        response: { 200: OrderMessagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listThread(app.db, request.params.id, request.userId) }),
  );

  app.post(
    '/order/:id/messages',
    {
      schema: {
        ...meta,
        summary: '«Задать вопрос по заказу»: the question joins the thread and reaches the staff in the bot',
        params: IdParamsSchema,
        body: OrderMessageBodySchema,
        response: { 201: OrderMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await askAboutOrder(app.db, request.params.id, request.userId, request.body.text);
      return reply.code(201).send({ result: message });
    },
  );
};
