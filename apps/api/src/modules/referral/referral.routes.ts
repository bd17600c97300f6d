// Invite friends, for the signed-in shopper (docs/product.md §13.2).
import {
  ApiErrorSchema,
  ApplyReferralBodySchema,
  ApplyReferralResponseSchema,
  InviteDeletedResponseSchema,
  InvitePageResponseSchema,
  InviteResponseSchema,
  ProgrammeIdParamsSchema,
  ReferralHistoryQuerySchema,
  ReferralResponseSchema,
  UnseenRewardResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasBloggerAttribution } from '../blogger/index.ts';
import {
  applyReferralCode,
  deleteInvite,
  findInvite,
  inviteHistory,
  markRewardSeen,
  referralOverview,
  unseenReward,
} from './referral.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['referral'];
  const link = { botUsername: app.env.botUsername, appName: app.env.appName };

  app.get(
    '/referral',
    {
      schema: {
        tags,
        summary: 'My invite code, link, stats and the rules',
        response: { 200: ReferralResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await referralOverview(
        app.db,
        request.userId,
        link,
        await hasBloggerAttribution(app.db, request.userId),
      ),
    }),
  );

  app.post(
    '/referral/apply',
    {
      schema: {
        tags,
        summary: 'Enter a friend’s code late (48 h after the first sign-in, before the first order)',
        body: ApplyReferralBodySchema,
        response: { 200: ApplyReferralResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await applyReferralCode(
        app.db,
        request.userId,
        request.body.code,
        await hasBloggerAttribution(app.db, request.userId),
      ),
    }),
  );

  app.get(
    '/referral/history',
    {
      schema: {
        tags,
        summary: 'My invites, newest first',
        querystring: ReferralHistoryQuerySchema,
        response: { 200: InvitePageResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await inviteHistory(app.db, request.userId, request.query) }),
  );

  app.get(
    '/referral/unseen-reward',
    {
      schema: {
        tags,
        summary: 'The newest rewarded invite not yet shown in the reward sheet, or null',
        response: { 200: UnseenRewardResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await unseenReward(app.db, request.userId) }),
  );

  app.get(
    '/referral/invites/:id',
    {
      schema: {
        tags,
        summary: 'One invite',
        params: ProgrammeIdParamsSchema,
        response: { 200: InviteResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await findInvite(app.db, request.userId, request.params.id) }),
  );

  app.post(
    '/referral/invites/:id/seen',
    {
      schema: {
        tags,
        summary: 'The reward sheet was shown',
        params: ProgrammeIdParamsSchema,
        response: { 200: InviteResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await markRewardSeen(app.db, request.userId, request.params.id) }),
  );

  app.delete(
    '/referral/invites/:id',
    {
      schema: {
        tags,
        summary: '«Удалить приглашение»: hides a rewarded invite, cancels a waiting one',
        params: ProgrammeIdParamsSchema,
        response: { 200: InviteDeletedResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await deleteInvite(app.db, request.userId, request.params.id) }),
  );
};
