// Order work in the console (docs/product.md §12.6, issue 28 item 6): a manual order for a shopper
// who ordered in a chat, and an order's delivery changed before it ships. Registered inside
// consoleRoutes, behind the admin gate; both need `operate` and land in the audit log.
import {
  AdminManualOrderBodySchema,
  AdminManualOrderResponseSchema,
  AdminOrderDeliveryBodySchema,
  AdminOrderParamsSchema,
  AdminOrderResponseSchema,
  IdempotencyHeadersSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { placeManualOrder } from './manual-order.ts';
import { changeOrderDelivery } from './order-delivery-change.ts';
import { getAdminOrder } from './orders-admin.repository.ts';

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
      if (created)
        request.log.info({ orderId: order.id, actor: request.staff.telegramId }, 'manual order placed');
      return reply.code(created ? 201 : 200).send({ result: order });
    },
  );

  app.put(
    '/orders/:id/delivery',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          "Change an order's delivery before it ships (awaiting payment … customs): a saved address of its shopper or a new one; " +
          'the shopper is told; 409 once handed to the carrier',
        params: AdminOrderParamsSchema,
        body: AdminOrderDeliveryBodySchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changeOrderDelivery(app, request.params.id, request.body, request.staff);
      return { result: await getAdminOrder(app.db, request.params.id, app.env.orderTtlMin) };
    },
  );
};
