// The bonus account of the signed-in shopper (docs/product.md §13.3).
import {
  ApiErrorSchema,
  BonusAccountResponseSchema,
  BonusHistoryQuerySchema,
  BonusHistoryResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { programmeRules } from '../../lib/programme-settings.ts';
import { bonusHistory } from './bonus-history.ts';
import { bonusSummary } from './bonus-ledger.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bonus'];
  app.get(
    '/bonus',
    {
      schema: {
        tags,
        summary: 'Balance, pending rewards, held bonuses, the nearest expiry',
        response: { 200: BonusAccountResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: { ...(await bonusSummary(app.db, request.userId)), rules: programmeRules() },
    }),
  );
  app.get(
    '/bonus/history',
    {
      schema: {
        tags,
        summary: 'Credits and debits, newest first',
        querystring: BonusHistoryQuerySchema,
        response: { 200: BonusHistoryResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await bonusHistory(app.db, request.userId, request.query) }),
  );
};
