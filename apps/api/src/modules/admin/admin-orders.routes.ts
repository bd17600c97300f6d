// The console's orders under /api/v1/admin (docs/product.md §12.3): the list, its exports and the
// order card (reads), and what staff do to an order (writes: status, restore, notes, messages,
// refund), each write with its permission. Registered by admin.routes.ts behind the admin gate.
import {
  AdminOrderListResponseSchema,
  AdminOrderParamsSchema,
  AdminOrderResponseSchema,
  AdminOrdersQuerySchema,
  AdminPassportQuerySchema,
  AdminPassportResponseSchema,
  AdminNoteBodySchema,
  AdminNoteResponseSchema,
  AdminRefundBodySchema,
  AdminRefundResponseSchema,
  AdminRestoreBodySchema,
  AdminStatusBodySchema,
  ApiErrorSchema,
  OrderMessageBodySchema,
  OrderMessageResponseSchema,
  OrderMessagesResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { z } from 'zod';
import type { PaymentProvider } from '../payment/index.ts';
import { createRefund } from '../refunds/index.ts';
import { answerAboutOrder, listThread } from '../order-thread/index.ts';
import { changeOrderStatusByStaff, restoreByStaff } from './order-status-change.ts';
import { orderPassport } from './passport-admin.ts';
import {
  addOrderNote,
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
} from './orders-admin.repository.ts';
import { orderLinesCsv, ordersCsv } from './orders-csv.ts';

const tags = ['admin'];

export const orderReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Orders by tab, search and dates, newest first, with counts per tab',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listAdminOrders(app.db, request.query, app.env.shopTimeZone) }),
  );

  const exportRoute = (url: string, summary: string, name: string, csvOf: typeof ordersCsv) =>
    app.get(
      url,
      {
        schema: {
          tags,
          security,
          summary,
          querystring: AdminOrdersQuerySchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const timeZone = app.env.shopTimeZone;
        const csv = csvOf(await exportAdminOrders(app.db, request.query, timeZone), timeZone);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  exportRoute(
    '/orders/export.csv',
    'The orders of the same filter as CSV (UTF-8 with BOM, `;`): money, goods, dates in the shop time zone',
    'orders',
    ordersCsv,
  );
  exportRoute(
    '/orders/export-lines.csv',
    'The lines of the orders of the same filter as CSV, one row per line',
    'order-lines',
    orderLinesCsv,
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The order card: lines, shopper, history, payments, refunds, messages, notes',
        params: AdminOrderParamsSchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getAdminOrder(app.db, request.params.id, app.env.orderTtlMin) }),
  );

  app.get(
    '/orders/:id/passport',
    {
      schema: {
        tags,
        security,
        summary: "The shopper's passport data, masked; ?reveal=1 in full (owner, audit-logged)",
        params: AdminOrderParamsSchema,
        querystring: AdminPassportQuerySchema,
        response: { 200: AdminPassportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const passport = await orderPassport(
        app.db,
        app.env.dataKey,
        request.params.id,
        request.query.reveal === '1',
        request.staff,
      );
      return { result: passport };
    },
  );

  app.get(
    '/orders/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: "The order's question thread with the shopper, oldest first",
        params: AdminOrderParamsSchema,
        response: { 200: OrderMessagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listThread(app.db, request.params.id) }),
  );
};

export const orderWriteRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, opts) => {
  app.post(
    '/orders/:id/status',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: 'Move an order along its statuses (409 invalid_transition); notifies the shopper',
        params: AdminOrderParamsSchema,
        body: AdminStatusBodySchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changeOrderStatusByStaff(app.db, request.params.id, request.body, request.staff);
      return { result: await getAdminOrder(app.db, request.params.id, app.env.orderTtlMin) };
    },
  );

  app.post(
    '/orders/:id/restore',
    {
      onRequest: requirePermission('own'),
      schema: {
        tags,
        security,
        summary:
          'Restore an order paid after it was canceled («Нужен возврат») to paid, when stock allows (owner)',
        params: AdminOrderParamsSchema,
        body: AdminRestoreBodySchema,
        response: { 200: AdminOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      await restoreByStaff(app.db, request.params.id, request.body, request.staff);
      app.facetsCache.clear();
      return { result: await getAdminOrder(app.db, request.params.id, app.env.orderTtlMin) };
    },
  );

  app.post(
    '/orders/:id/notes',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: 'Add an internal note to an order',
        params: AdminOrderParamsSchema,
        body: AdminNoteBodySchema,
        response: { 201: AdminNoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await addOrderNote(app.db, request.params.id, request.body.text, request.staff);
      return reply.code(201).send({ result: note });
    },
  );

  app.post(
    '/orders/:id/messages',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Answer the shopper's question: joins the thread and goes to the shopper by the bot",
        params: AdminOrderParamsSchema,
        body: OrderMessageBodySchema,
        response: { 201: OrderMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await answerAboutOrder(
        app.db,
        request.params.id,
        request.staff.telegramId,
        request.body.text,
      );
      return reply.code(201).send({ result: message });
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      onRequest: requirePermission('own'),
      schema: {
        tags,
        security,
        summary: 'Refund a paid order (owner); the whole remaining amount when none is given',
        params: AdminOrderParamsSchema,
        body: AdminRefundBodySchema,
        response: { 200: AdminRefundResponseSchema, 502: ApiErrorSchema, ...errors },
      },
    },
    async (request) => ({
      result: await createRefund(
        app.db,
        opts.provider,
        request.params.id,
        request.body,
        request.staff.telegramId,
        request.log,
      ),
    }),
  );
};
