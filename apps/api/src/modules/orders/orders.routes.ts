// Orders of the signed-in shopper: place one, list them (all or active), read one.
import {
  ApiErrorSchema,
  CreateOrderBodySchema,
  IdempotencyHeadersSchema,
  IdParamsSchema,
  OrderPageQuerySchema,
  OrderPageResponseSchema,
  OrderResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { listShipments, quoteForOrder } from '../delivery/index.ts';
import { findOrder, listOrders, ORDER_NOT_FOUND, orderTimeline } from './orders.repository.ts';
import { place } from './lifecycle/index.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['orders'] };

  app.post(
    '/order',
    {
      schema: {
        ...meta,
        summary:
          'Place an order from chosen lines (stock reserved, prices snapshotted, lines leave the cart). ' +
          'The same Idempotency-Key answers the same order (200 instead of 201).',
        headers: IdempotencyHeadersSchema,
        body: CreateOrderBodySchema,
        response: { 200: OrderResponseSchema, 201: OrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, created } = await place(
        app.db,
        request.userId,
        request.body,
        request.headers['idempotency-key'],
        app.env.orderTtlMin,
        { orders: app.env.rateLimits.unpaidOrders, units: app.env.rateLimits.unpaidUnits },
        (delivery, items) => quoteForOrder(app.db, app.delivery, delivery, items, request.log),
      );
      if (created) request.log.info({ orderId: order.id, total: order.total }, 'order placed');
      reply.code(created ? 201 : 200);
      return { result: order };
    },
  );

  app.get(
    '/order/detail',
    {
      schema: {
        ...meta,
        summary: 'All orders, newest first, paged',
        querystring: OrderPageQuerySchema,
        response: { 200: OrderPageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await listOrders(app.db, request.userId, {
        ...request.query,
        activeOnly: false,
        ttlMin: app.env.orderTtlMin,
      }),
    }),
  );

  app.get(
    '/order/detail/active',
    {
      schema: {
        ...meta,
        summary: 'Active orders (neither completed nor canceled), newest first, paged',
        querystring: OrderPageQuerySchema,
        response: { 200: OrderPageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await listOrders(app.db, request.userId, {
        ...request.query,
        activeOnly: true,
        ttlMin: app.env.orderTtlMin,
      }),
    }),
  );

  app.get(
    '/order/detail/:id',
    {
      schema: {
        ...meta,
        summary: 'One order',
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.userId, request.params.id, app.env.orderTtlMin);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      // The order page's timeline: each status with its date, and the parcels with their tracking links.
      return {
        result: {
          ...order,
          timeline: await orderTimeline(app.db, order.id),
          shipments: await listShipments(app.db, order.id),
        },
      };
    },
  );
};
