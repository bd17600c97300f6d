// Staff management (owners only, docs/product.md §12.1). Registered inside the admin scope, behind its gate.
import {
  AdminStaffBodySchema,
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  AdminStaffParamsSchema,
  StaffAlertsResponseSchema,
  StaffAlertsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminErrors as errors,
  adminSecurity as security,
  adminTags as tags,
  requirePermission,
} from './staff-guard.ts';
import { getAlerts, listStaff, putAlerts, putStaff, removeStaff } from './staff.repository.ts';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOnly = requirePermission('own');

  app.get(
    '/staff',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        security,
        summary: 'Staff and their roles',
        response: { 200: AdminStaffListResponseSchema, ...errors },
      },
    },
    async () => ({ result: await listStaff(app.db) }),
  );

  app.post(
    '/staff',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        security,
        summary: 'Add a staff member or change their role',
        body: AdminStaffBodySchema,
        response: { 200: AdminStaffMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await putStaff(app.db, request.staff.telegramId, request.body) }),
  );

  app.delete(
    '/staff/:telegram_id',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        security,
        summary: 'Remove a staff member (access ends with their next request)',
        params: AdminStaffParamsSchema,
        response: { 200: AdminStaffMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await removeStaff(app.db, request.staff.telegramId, request.params.telegram_id),
    }),
  );

  app.get(
    '/me/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'The bot alerts I chose (new paid order, find request, … ; §12.4)',
        response: { 200: StaffAlertsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getAlerts(app.db, request.staff.telegramId) }),
  );

  app.put(
    '/me/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the bot alerts sent to my own chat',
        body: StaffAlertsSchema,
        response: { 200: StaffAlertsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await putAlerts(app.db, request.staff.telegramId, request.body) }),
  );
};
