// The console's read views under /api/v1/admin (docs/product.md §12.6, issue 28): the sales dashboard
// (figures, best sellers, the work waiting) and the customers. Registered inside consoleRoutes.
import {
  AdminCustomerListResponseSchema,
  AdminCustomerParamsSchema,
  AdminCustomerResponseSchema,
  AdminCustomersQuerySchema,
  AdminStatsQuerySchema,
  AdminStatsResponseSchema,
  AdminStatsTopResponseSchema,
  AdminStatsWaitingResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security } from '../staff/index.ts';
import { getCustomer, listCustomers } from './customers.repository.ts';
import { getStats, getTopSellers, getWaitingWork } from './stats.repository.ts';

const tags = ['admin'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags,
        security,
        summary:
          "Sales of a range of days in the shop's time zone: revenue, orders paid and placed, conversion, average, refunds, by day",
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getStats(app.db, request.query, app.env.shopTimeZone) }),
  );

  app.get(
    '/stats/top',
    {
      schema: {
        tags,
        security,
        summary: 'The best-selling products and categories of the orders paid in a range of days',
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsTopResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getTopSellers(app.db, request.query, app.env.shopTimeZone) }),
  );

  app.get(
    '/stats/waiting',
    {
      schema: {
        tags,
        security,
        summary: 'The work waiting now: to buy, to ship, «Нужен возврат», find requests, payouts',
        response: { 200: AdminStatsWaitingResponseSchema, ...errors },
      },
    },
    async () => ({ result: await getWaitingWork(app.db) }),
  );

  app.get(
    '/customers',
    {
      schema: {
        tags,
        security,
        summary: 'Customers newest first, searched by name, phone or @username',
        querystring: AdminCustomersQuerySchema,
        response: { 200: AdminCustomerListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listCustomers(app.db, request.query) }),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: "A customer's card: orders, paid total (payments less refunds), addresses, messages, notes",
        params: AdminCustomerParamsSchema,
        response: { 200: AdminCustomerResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getCustomer(app.db, request.params.id) }),
  );
};
