// The console's bloggers and payouts (docs/product.md §13.4, §12.1): lists for anyone on staff,
// decisions for the `bloggers` permission (owners and moderators).
import {
  AdminBloggerApproveBodySchema,
  AdminBloggerChangesBodySchema,
  AdminBloggerPageResponseSchema,
  AdminBloggerRejectBodySchema,
  AdminBloggerResponseSchema,
  AdminBloggersQuerySchema,
  AdminPayoutDetailsResponseSchema,
  AdminPayoutPageResponseSchema,
  AdminPayoutPaidBodySchema,
  AdminPayoutRejectBodySchema,
  AdminPayoutResponseSchema,
  AdminPayoutsQuerySchema,
  ProgrammeIdParamsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminErrors as errors,
  adminSecurity as security,
  adminTags as tags,
  installAdminGate,
  requirePermission,
} from '../staff/staff-guard.ts';
import { adminListPayouts, adminPayoutDetails, markPayoutPaid, rejectPayout } from './blogger-payouts.ts';
import { adminListBloggers, decideApplication } from './blogger-moderation.ts';

export const bloggerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  installAdminGate(app);
  const decide = { onRequest: requirePermission('bloggers') };
  const params = ProgrammeIdParamsSchema;

  app.get(
    '/bloggers',
    {
      schema: {
        tags,
        security,
        summary: 'Blogger applications by status',
        querystring: AdminBloggersQuerySchema,
        response: { 200: AdminBloggerPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await adminListBloggers(app.db, request.query) }),
  );

  app.post(
    '/bloggers/:id/approve',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'Approve with commission and erid',
        params,
        body: AdminBloggerApproveBodySchema,
        response: { 200: AdminBloggerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await decideApplication(app.db, request.params.id, request.staff.telegramId, {
        to: 'approved',
        commissionPercent: request.body.commission_percent,
        erid: request.body.erid,
      }),
    }),
  );

  app.post(
    '/bloggers/:id/reject',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'Reject with a reason',
        params,
        body: AdminBloggerRejectBodySchema,
        response: { 200: AdminBloggerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await decideApplication(app.db, request.params.id, request.staff.telegramId, {
        to: 'rejected',
        reason: request.body.reason,
      }),
    }),
  );

  app.post(
    '/bloggers/:id/request-changes',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'Ask the applicant to change the application',
        params,
        body: AdminBloggerChangesBodySchema,
        response: { 200: AdminBloggerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await decideApplication(app.db, request.params.id, request.staff.telegramId, {
        to: 'changes_requested',
        comment: request.body.comment,
      }),
    }),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags,
        security,
        summary: 'Withdrawal requests',
        querystring: AdminPayoutsQuerySchema,
        response: { 200: AdminPayoutPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await adminListPayouts(app.db, app.env.dataKey, request.query) }),
  );

  app.get(
    '/payouts/:id/details',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'Full payout details (audit-logged)',
        params,
        response: { 200: AdminPayoutDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await adminPayoutDetails(app.db, app.env.dataKey, request.params.id, request.staff.telegramId),
    }),
  );

  app.post(
    '/payouts/:id/paid',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'The money was sent',
        params,
        body: AdminPayoutPaidBodySchema,
        response: { 200: AdminPayoutResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await markPayoutPaid(
        app.db,
        app.env.dataKey,
        request.params.id,
        request.staff.telegramId,
        request.body.receipt_url,
      ),
    }),
  );

  app.post(
    '/payouts/:id/reject',
    {
      ...decide,
      schema: {
        tags,
        security,
        summary: 'Reject; the money returns to the balance',
        params,
        body: AdminPayoutRejectBodySchema,
        response: { 200: AdminPayoutResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await rejectPayout(
        app.db,
        app.env.dataKey,
        request.params.id,
        request.staff.telegramId,
        request.body.reason,
      ),
    }),
  );
};
