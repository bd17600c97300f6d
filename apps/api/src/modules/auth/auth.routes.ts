// POST /api/v1/tg/auth: Telegram init data in, our bearer token out.
import { ApiErrorSchema, TgAuthBodySchema, TgAuthResponseSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../plugins/errors.ts';
import { InitDataError, validateInitData } from './init-data.ts';
import { upsertTelegramUser } from './users.repository.ts';
import { bindAtSignIn } from '../programmes/index.ts';

const MESSAGES: Record<InitDataError['reason'], string> = {
  malformed: 'Некорректные данные авторизации Telegram',
  missing_hash: 'В данных авторизации Telegram нет подписи',
  bad_signature: 'Подпись данных Telegram недействительна',
  expired: 'Данные авторизации Telegram устарели, откройте приложение заново',
  bad_user: 'В данных авторизации Telegram нет пользователя',
};

export const authRoutes: FastifyPluginAsyncZod<{
  botToken: string;
  maxAgeS: number;
  rateLimitPerMin: number;
}> = async (app, opts) => {
  app.post(
    '/tg/auth',
    {
      // Per client address (no user is known yet); 0 when RATE_LIMITS=off.
      config:
        opts.rateLimitPerMin > 0 ? { rateLimit: { max: opts.rateLimitPerMin, timeWindow: '1 minute' } } : {},
      schema: {
        tags: ['auth'],
        summary: 'Exchange Telegram init data for a bearer token',
        body: TgAuthBodySchema,
        response: {
          200: TgAuthResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      let user;
      let startParam: string | null = null;
      try {
        ({ user, startParam } = validateInitData(request.body.initData, opts.botToken, {
          maxAgeS: opts.maxAgeS,
        }));
      } catch (error) {
        if (error instanceof InitDataError) throw unauthorized(MESSAGES[error.reason]);
        throw error;
      }
      if (!user) throw unauthorized(MESSAGES.bad_user);
      const row = await app.db.transaction(async (tx) => {
        const upserted = await upsertTelegramUser(tx, user);
        // Invites and blogger links bind only a user this sign-in created (docs/product.md §13.1).
        await bindAtSignIn(tx, upserted, startParam);
        return upserted;
      });
      request.log.info({ userId: row.id }, 'signed in');
      return { result: await app.issueToken(row.id) };
    },
  );
};
