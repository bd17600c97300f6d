// Order work in the console (docs/product.md §12.6, issue 28 item 6): a manual order for a shopper
// who ordered in a chat, and an order's delivery changed before it ships. Registered inside
// consoleRoutes, behind the admin gate; both need `operate` and land in the audit log.
import {
  AdminManualOrderBodySchema,
  AdminManualOrderResponseSchema,
  IdempotencyHeadersSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { placeManualOrder } from './manual-order.ts';

const tags = ['admin'];

export const orderWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          'A manual order for a shopper who ordered in a chat: placed as at checkout (stock reserved, awaiting payment), ' +
          'the bot sends the shopper the payment link. The same Idempotency-Key answers the same order (200 instead of 201).',
        headers: IdempotencyHeadersSchema,
        body: AdminManualOrderBodySchema,
        response: { 200: AdminManualOrderResponseSchema, 201: AdminManualOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, created } = await placeManualOrder(
        app,
        request.body,
        request.headers['idempotency-key'],
        request.staff,
      );
      if (created) request.log.info({ orderId: order.id, actor: request.staff.telegramId }, 'manual order placed');
      return reply.code(created ? 201 : 200).send({ result: order });
    },
  );
};
