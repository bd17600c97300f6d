// The blogger partnership for the signed-in shopper (docs/product.md §13.4), and bloggers' public
// pages (`GET /users/{id}`).
import {
  ApiErrorSchema,
  BloggerApplicationBodySchema,
  BloggerApplicationDeletedResponseSchema,
  BloggerApplicationResponseSchema,
  BloggerDashboardResponseSchema,
  BloggerStatsQuerySchema,
  BloggerStatsResponseSchema,
  CommissionPageResponseSchema,
  CommissionsQuerySchema,
  ConvertToBonusBodySchema,
  ConvertToBonusResponseSchema,
  IdempotencyHeadersSchema,
  PayoutBodySchema,
  PayoutPageResponseSchema,
  PayoutResponseSchema,
  PayoutsQuerySchema,
  PicksBodySchema,
  PicksResponseSchema,
  ProgrammeIdParamsSchema,
  PromoAvailableQuerySchema,
  PromoAvailableResponseSchema,
  PublicUserResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelPayout, convertToBonus, createPayout, listPayouts } from './blogger-payouts.ts';
import { bloggerStats, getPicks, listCommissions, publicUser, setPicks } from './blogger-pages.ts';
import {
  bloggerDashboard,
  promoAvailable,
  requireBlogger,
  submitApplication,
  updateApplication,
  withdrawApplication,
} from './blogger.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

type BloggerApp = Parameters<FastifyPluginAsyncZod>[0];

export const bloggerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['blogger'];
  const link = { botUsername: app.env.botUsername, appName: app.env.appName };

  app.get(
    '/blogger',
    {
      schema: {
        tags,
        summary: 'My application state, promo code, link and balance',
        response: { 200: BloggerDashboardResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await bloggerDashboard(app.db, request.userId, link) }),
  );

  app.get(
    '/blogger/promo-available',
    {
      schema: {
        tags,
        summary: 'Is this promo code free?',
        querystring: PromoAvailableQuerySchema,
        response: { 200: PromoAvailableResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: {
        code: request.query.code,
        available: await promoAvailable(app.db, request.query.code, request.userId),
      },
    }),
  );

  app.post(
    '/blogger/application',
    {
      schema: {
        tags,
        summary: 'Apply to the partnership',
        body: BloggerApplicationBodySchema,
        response: { 201: BloggerApplicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await submitApplication(app.db, request.userId, request.body);
      reply.code(201);
      return { result };
    },
  );

  app.put(
    '/blogger/application',
    {
      schema: {
        tags,
        summary: 'Change the application while it is pending or changes were asked for',
        body: BloggerApplicationBodySchema,
        response: { 200: BloggerApplicationResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await updateApplication(app.db, request.userId, request.body) }),
  );

  app.delete(
    '/blogger/application',
    {
      schema: {
        tags,
        summary: 'Withdraw a pending application',
        response: { 200: BloggerApplicationDeletedResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await withdrawApplication(app.db, request.userId) }),
  );

  app.get(
    '/blogger/stats',
    {
      schema: {
        tags,
        summary: 'Opens, new buyers, orders, revenue, earned',
        querystring: BloggerStatsQuerySchema,
        response: { 200: BloggerStatsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const b = await requireBlogger(app.db, request.userId);
      return { result: await bloggerStats(app.db, b.id, request.query.period) };
    },
  );

  app.get(
    '/blogger/commissions',
    {
      schema: {
        tags,
        summary: 'Commissions, newest first',
        querystring: CommissionsQuerySchema,
        response: { 200: CommissionPageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const b = await requireBlogger(app.db, request.userId);
      return { result: await listCommissions(app.db, b.id, request.query) };
    },
  );

  await bloggerPayoutRoutes(app, tags);
};

/** A blogger's payouts and payout details, and the rest of the cabinet after them. */
async function bloggerPayoutRoutes(app: BloggerApp, tags: string[]) {
  app.get(
    '/blogger/payouts',
    {
      schema: {
        tags,
        summary: 'Withdrawal requests and saved details',
        querystring: PayoutsQuerySchema,
        response: { 200: PayoutPageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await listPayouts(app.db, app.env.dataKey, request.userId, request.query),
    }),
  );

  app.post(
    '/blogger/payouts',
    {
      schema: {
        tags,
        summary: 'Request a withdrawal (minimum, one active request, encrypted details)',
        headers: IdempotencyHeadersSchema,
        body: PayoutBodySchema,
        response: { 200: PayoutResponseSchema, 201: PayoutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { payout, created } = await createPayout(
        app.db,
        app.env.dataKey,
        request.userId,
        request.body,
        request.headers['idempotency-key'],
      );
      reply.code(created ? 201 : 200);
      return { result: payout };
    },
  );

  app.delete(
    '/blogger/payouts/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a request not yet taken',
        params: ProgrammeIdParamsSchema,
        response: { 200: PayoutResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await cancelPayout(app.db, request.userId, request.params.id) }),
  );

  app.post(
    '/blogger/convert-to-bonus',
    {
      schema: {
        tags,
        summary: 'Move available money to the bonus account, 1 ₽ = 1 бонус',
        headers: IdempotencyHeadersSchema.partial(),
        body: ConvertToBonusBodySchema,
        response: { 200: ConvertToBonusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await convertToBonus(
        app.db,
        request.userId,
        request.body.amount,
        request.headers['idempotency-key'],
      ),
    }),
  );

  app.get(
    '/blogger/picks',
    { schema: { tags, summary: 'My picks', response: { 200: PicksResponseSchema, ...errors } } },
    async (request) => ({ result: await getPicks(app.db, request.userId) }),
  );

  app.put(
    '/blogger/picks',
    {
      schema: {
        tags,
        summary: 'Set my picks (in this order)',
        body: PicksBodySchema,
        response: { 200: PicksResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await setPicks(app.db, request.userId, request.body.items) }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'An approved blogger’s public page with picks (404 for anyone else)',
        params: z.object({ id: ProgrammeIdParamsSchema.shape.id }),
        response: { 200: PublicUserResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await publicUser(app.db, request.params.id) }),
  );
}
