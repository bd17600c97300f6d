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
import { adminRoute, installAdminGate } from '../staff/index.ts';
import { adminListPayouts, adminPayoutDetails, markPayoutPaid, rejectPayout } from './blogger-payouts.ts';
import { adminListBloggers, decideApplication } from './blogger-moderation.ts';

export const bloggerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  installAdminGate(app);

  app.get(
    '/bloggers',
    adminRoute({
      summary: 'Blogger applications by status',
      querystring: AdminBloggersQuerySchema,
      result: AdminBloggerPageResponseSchema,
    }),
    async (request) => ({ result: await adminListBloggers(app.db, request.query) }),
  );

  app.post(
    '/bloggers/:id/approve',
    adminRoute({
      summary: 'Approve with commission and erid',
      params: ProgrammeIdParamsSchema,
      body: AdminBloggerApproveBodySchema,
      result: AdminBloggerResponseSchema,
      permission: 'bloggers',
    }),
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
    adminRoute({
      summary: 'Reject with a reason',
      params: ProgrammeIdParamsSchema,
      body: AdminBloggerRejectBodySchema,
      result: AdminBloggerResponseSchema,
      permission: 'bloggers',
    }),
    async (request) => ({
      result: await decideApplication(app.db, request.params.id, request.staff.telegramId, {
        to: 'rejected',
        reason: request.body.reason,
      }),
    }),
  );

  app.post(
    '/bloggers/:id/request-changes',
    adminRoute({
      summary: 'Ask the applicant to change the application',
      params: ProgrammeIdParamsSchema,
      body: AdminBloggerChangesBodySchema,
      result: AdminBloggerResponseSchema,
      permission: 'bloggers',
    }),
    async (request) => ({
      result: await decideApplication(app.db, request.params.id, request.staff.telegramId, {
        to: 'changes_requested',
        comment: request.body.comment,
      }),
    }),
  );

  app.get(
    '/payouts',
    adminRoute({
      summary: 'Withdrawal requests',
      querystring: AdminPayoutsQuerySchema,
      result: AdminPayoutPageResponseSchema,
    }),
    async (request) => ({ result: await adminListPayouts(app.db, app.env.dataKey, request.query) }),
  );

  app.get(
    '/payouts/:id/details',
    adminRoute({
      summary: 'Full payout details (audit-logged)',
      params: ProgrammeIdParamsSchema,
      result: AdminPayoutDetailsResponseSchema,
      permission: 'bloggers',
    }),
    async (request) => ({
      result: await adminPayoutDetails(app.db, app.env.dataKey, request.params.id, request.staff.telegramId),
    }),
  );

  app.post(
    '/payouts/:id/paid',
    adminRoute({
      summary: 'The money was sent',
      params: ProgrammeIdParamsSchema,
      body: AdminPayoutPaidBodySchema,
      result: AdminPayoutResponseSchema,
      permission: 'bloggers',
    }),
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
    adminRoute({
      summary: 'Reject; the money returns to the balance',
      params: ProgrammeIdParamsSchema,
      body: AdminPayoutRejectBodySchema,
      result: AdminPayoutResponseSchema,
      permission: 'bloggers',
    }),
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
