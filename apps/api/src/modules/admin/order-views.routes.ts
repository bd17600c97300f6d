// The orders list's helpers under /api/v1/admin (docs/product.md §12.2): the navigation's counter
// («Нужен возврат» on «Заказы») and each staff member's saved filters. Registered inside
// adminRoutes, behind its gate; a saved filter is the staff member's own (any role may keep some).
import {
  AdminBadgesResponseSchema,
  AdminOrderViewBodySchema,
  AdminOrderViewListResponseSchema,
  AdminOrderViewParamsSchema,
  AdminOrderViewRemovedResponseSchema,
  AdminOrderViewResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security } from '../staff/index.ts';
import { deleteOrderView, listOrderViews, saveOrderView } from './order-views.ts';
import { countNeedsRefund } from './stats.repository.ts';

const tags = ['admin'];

export const orderViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/badges',
    {
      schema: {
        tags,
        security,
        summary: 'The console navigation’s counters: orders waiting for a refund («Нужен возврат»)',
        response: { 200: AdminBadgesResponseSchema, ...errors },
      },
    },
    async () => ({ result: { needs_refund: await countNeedsRefund(app.db) } }),
  );

  app.get(
    '/order-views',
    {
      schema: {
        tags,
        security,
        summary: 'My saved filters of the orders list, oldest first',
        response: { 200: AdminOrderViewListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listOrderViews(app.db, request.staff.telegramId) }),
  );

  app.put(
    '/order-views',
    {
      schema: {
        tags,
        security,
        summary:
          'Save the list’s filter (statuses, search, dates, sort) under a name; the same name replaces it',
        body: AdminOrderViewBodySchema,
        response: { 200: AdminOrderViewResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await saveOrderView(app.db, request.staff.telegramId, request.body) }),
  );

  app.delete(
    '/order-views/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove one of my saved filters',
        params: AdminOrderViewParamsSchema,
        response: { 200: AdminOrderViewRemovedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteOrderView(app.db, request.staff.telegramId, request.params.id);
      return { result: { id: request.params.id } };
    },
  );
};
