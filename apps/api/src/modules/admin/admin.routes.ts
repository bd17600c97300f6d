// The staff console's API under /api/v1/admin (docs/product.md §12.3). Every route passes the admin gate
// (staff row re-read per request), also those of the plugins registered here (orders, catalogue,
// import, staff, the console's pages); writes need their permission and land in the audit log.
import {
  AdminAuditActorsResponseSchema,
  AdminAuditPageResponseSchema,
  AdminAuditQuerySchema,
  AdminMeResponseSchema,
  AdminNotificationParamsSchema,
  AdminNotificationResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendNotification } from '../notifications/index.ts';
import type { PaymentProvider } from '../payment/index.ts';
import {
  adminErrors as errors,
  adminSecurity as security,
  installAdminGate,
  listAudit,
  listAuditActors,
  requirePermission,
  staffRoutes,
  writeAudit,
} from '../staff/index.ts';
import { catalogAdminRoutes } from './admin-catalog.routes.ts';
import { importRoutes } from './admin-import.routes.ts';
import { orderReadRoutes, orderWriteRoutes } from './admin-orders.routes.ts';
import { consoleRoutes } from './console.routes.ts';
import { orderViewRoutes } from './order-views.routes.ts';

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
        summary: 'The audit log of admin writes, newest first, by who, what, when and on what',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listAudit(app.db, request.query, app.env.shopTimeZone) }),
  );

  app.get(
    '/audit/actors',
    {
      schema: {
        tags,
        security,
        summary: 'Everyone with an entry in the audit log, by name (the log’s «Кто» filter)',
        response: { 200: AdminAuditActorsResponseSchema, ...errors },
      },
    },
    async () => ({ result: await listAuditActors(app.db) }),
  );

  await app.register(orderReadRoutes);
  await app.register(orderViewRoutes);
  await app.register(orderWriteRoutes, { provider: opts.provider });
  await app.register(catalogAdminRoutes);
  await app.register(importRoutes);
  await app.register(staffRoutes);
  await app.register(consoleRoutes);
};
