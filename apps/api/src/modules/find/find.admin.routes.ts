// The console's find calls under /api/v1/admin (docs/product.md §14.3): requests, quotes with the
// price formula, and the rate and fees (owners).
import {
  AdminFindRequestListResponseSchema,
  AdminFindRequestResponseSchema,
  AdminFindRequestsQuerySchema,
  FindRequestParamsSchema,
  FindSettingsResponseSchema,
  FindSettingsSchema,
  QuoteFindRequestBodySchema,
  RejectFindRequestBodySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute, installAdminGate } from '../staff/index.ts';
import { listAdminFindRequests, quoteFindRequest, staffMoveFindRequest } from './find-requests.repository.ts';
import { getFindSettings, saveFindSettings } from './find-settings.repository.ts';

export const findAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  installAdminGate(app);

  app.get(
    '/find-requests',
    adminRoute({
      summary: 'Find requests, newest first, with counts per status',
      querystring: AdminFindRequestsQuerySchema,
      result: AdminFindRequestListResponseSchema,
    }),
    async (request) => ({ result: await listAdminFindRequests(app.db, request.query) }),
  );

  app.post(
    '/find-requests/:id/quote',
    adminRoute({
      summary: 'Quote a request: price from the formula, valid 24 h, a bot message to the shopper',
      params: FindRequestParamsSchema,
      body: QuoteFindRequestBodySchema,
      result: AdminFindRequestResponseSchema,
      permission: 'quotes',
    }),
    async (request) => ({
      result: await quoteFindRequest(
        app.db,
        request.params.id,
        request.body,
        request.staff.telegramId,
        new Date(),
        (goodsRub, weightKg) => app.delivery.duty(app.db, goodsRub, weightKg),
      ),
    }),
  );

  app.post(
    '/find-requests/:id/take',
    adminRoute({
      summary: 'Take a new request into work («Считаем стоимость»)',
      params: FindRequestParamsSchema,
      result: AdminFindRequestResponseSchema,
      permission: 'quotes',
    }),
    async (request) => ({
      result: await staffMoveFindRequest(app.db, request.params.id, 'in_progress', request.staff.telegramId),
    }),
  );

  app.post(
    '/find-requests/:id/reject',
    adminRoute({
      summary: 'Reject a request with a reason (a bot message to the shopper)',
      params: FindRequestParamsSchema,
      body: RejectFindRequestBodySchema,
      result: AdminFindRequestResponseSchema,
      permission: 'quotes',
    }),
    async (request) => ({
      result: await staffMoveFindRequest(
        app.db,
        request.params.id,
        'rejected',
        request.staff.telegramId,
        request.body.reason,
      ),
    }),
  );

  app.get(
    '/settings/find',
    adminRoute({
      summary: 'The rate and fees of Poizon prices',
      result: FindSettingsResponseSchema,
    }),
    async () => ({ result: await getFindSettings(app.db) }),
  );

  app.put(
    '/settings/find',
    adminRoute({
      summary: 'Set the rate and fees (owners)',
      body: FindSettingsSchema,
      result: FindSettingsResponseSchema,
      permission: 'own',
    }),
    async (request) => ({ result: await saveFindSettings(app.db, request.body, request.staff.telegramId) }),
  );
};
