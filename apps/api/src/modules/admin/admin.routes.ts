// The staff console's API under /api/v1/admin (docs/product.md §12.3). Every route passes the admin gate
// (staff row re-read per request); writes need their permission and land in the audit log.
import {
  OrderMessageBodySchema,
  OrderMessageResponseSchema,
  OrderMessagesResponseSchema,
  AdminAuditPageResponseSchema,
  AdminImportJobParamsSchema,
  AdminImportJobResponseSchema,
  AdminImportQuerySchema,
  AdminImportResultResponseSchema,
  AdminProductDetailResponseSchema,
  AdminProductListResponseSchema,
  AdminProductParamsSchema,
  AdminProductPatchBodySchema,
  AdminProductsQuerySchema,
  AdminProductResponseSchema,
  AdminVariantPatchBodySchema,
  AdminVariantResponseSchema,
  AdminAuditQuerySchema,
  AdminMeResponseSchema,
  AdminNoteBodySchema,
  AdminNoteResponseSchema,
  AdminNotificationParamsSchema,
  AdminNotificationResponseSchema,
  AdminOrderListResponseSchema,
  AdminOrderParamsSchema,
  AdminOrderResponseSchema,
  AdminOrdersQuerySchema,
  AdminPassportQuerySchema,
  AdminPassportResponseSchema,
  AdminRefundBodySchema,
  AdminRefundResponseSchema,
  AdminRestoreBodySchema,
  AdminStatusBodySchema,
  ApiErrorSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resendNotification } from '../notifications/index.ts';
import type { PaymentProvider } from '../payment/index.ts';
import { createRefund } from '../refunds/index.ts';
import { listAudit, writeAudit } from '../staff/index.ts';
import {
  adminErrors as errors,
  adminSecurity as security,
  installAdminGate,
  requirePermission,
} from '../staff/index.ts';
import { staffRoutes } from '../staff/index.ts';
import {
  getAdminProductDetail,
  importFromConsole,
  listAdminProducts,
  patchProduct,
  patchVariant,
  undoVariantChange,
} from './catalog-admin.repository.ts';
import { parseImportFile } from '../catalog/index.ts';
import { answerAboutOrder, listThread } from '../order-thread/index.ts';
import { changeOrderStatusByStaff, restoreByStaff } from './order-status-change.ts';
import { consoleRoutes } from './console.routes.ts';
import { enqueueImport, getImportJob } from './import-jobs.ts';
import { orderPassport } from './passport-admin.ts';
import {
  addOrderNote,
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
} from './orders-admin.repository.ts';
import { ordersCsv } from './orders-csv.ts';

/** An import file of some tens of thousands of products. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
const tags = ['admin'];

export const adminRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, opts) => {
  installAdminGate(app);

  app.get(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'Who I am in the console',
        response: { 200: AdminMeResponseSchema, ...errors },
      },
    },
    (request) => ({ result: { telegram_id: request.staff.telegramId, role: request.staff.role } }),
  );

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

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags,
        security,
        summary: 'The orders of the same filter as CSV (UTF-8 with BOM, `;`)',
        querystring: AdminOrdersQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = ordersCsv(await exportAdminOrders(app.db, request.query, app.env.shopTimeZone));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
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

  app.post(
    '/notifications/:id/resend',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: 'Send a message to the shopper again (a new outbox row)',
        params: AdminNotificationParamsSchema,
        response: { 200: AdminNotificationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const copy = await app.db.transaction(async (tx) => {
        const created = await resendNotification(tx, request.params.id);
        await writeAudit(tx, {
          actorTelegramId: request.staff.telegramId,
          action: 'notification.resend',
          entity: 'notification',
          entityId: String(request.params.id),
          before: null,
          after: { notification_id: created.id },
        });
        return created;
      });
      return { result: copy };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary: 'The audit log of admin writes, newest first',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listAudit(app.db, request.query) }),
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'Products published and hidden, by title, SPU, id or SKU; `hidden=1` only the hidden',
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: { products: await listAdminProducts(app.db, request.query) } }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A product as staff see it, published or hidden, with its variants and their stock versions',
        params: AdminProductParamsSchema,
        response: { 200: AdminProductDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getAdminProductDetail(app.db, request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Edit a product's title or description; publish or hide it from shoppers",
        params: AdminProductParamsSchema,
        body: AdminProductPatchBodySchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await patchProduct(app.db, request.params.id, request.body, request.staff.telegramId);
      app.facetsCache.clear();
      void app.photoSearch.refresh();
      return { result: product };
    },
  );

  app.patch(
    '/variants/:id',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          "Set a variant's price, move its stock by `qty_delta`, or set `qty` at the `version` read (409 stale)",
        params: AdminProductParamsSchema,
        body: AdminVariantPatchBodySchema,
        response: { 200: AdminVariantResponseSchema, ...errors },
      },
    },
    async (request) => {
      const variant = await patchVariant(app.db, request.params.id, request.body, request.staff.telegramId);
      app.facetsCache.clear();
      return { result: variant };
    },
  );

  app.post(
    '/variants/:id/undo',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Undo a variant's last change (its price back; its stock by the opposite delta)",
        params: AdminProductParamsSchema,
        response: { 200: AdminVariantResponseSchema, ...errors },
      },
    },
    async (request) => {
      const variant = await undoVariantChange(app.db, request.params.id, request.staff.telegramId);
      app.facetsCache.clear();
      return { result: variant };
    },
  );

  // Applied imports run in the background (background-jobs.ts, not in a `web` instance).

  app.post(
    '/catalog/import',
    {
      onRequest: requirePermission('operate'),
      // A whole catalogue file; every other route keeps the small default limit.
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Import a catalogue file (docs/catalog-import.md). ?dry_run=1, or a file with row errors: the counts, nothing written (200). Otherwise the import is queued as a job (202)',
        querystring: AdminImportQuerySchema,
        body: z.unknown(),
        response: {
          200: AdminImportResultResponseSchema,
          202: AdminImportJobResponseSchema,
          413: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run === '1';
      if (!dryRun) {
        const { file, issues } = parseImportFile(request.body);
        if (issues.length === 0) {
          const job = await enqueueImport(app.db, file, request.staff.telegramId);
          app.importRunner?.poke();
          return reply.code(202).send({ result: job });
        }
      }
      const result = await importFromConsole(app.db, request.body, dryRun, request.staff.telegramId);
      return reply.code(200).send({ result });
    },
  );

  app.get(
    '/catalog/import/:job_id',
    {
      schema: {
        tags,
        security,
        summary: 'Progress of an import job: queued, running (done of total), done or failed',
        params: AdminImportJobParamsSchema,
        response: { 200: AdminImportJobResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getImportJob(app.db, request.params.job_id) }),
  );

  await app.register(staffRoutes);
  await app.register(consoleRoutes);
};
