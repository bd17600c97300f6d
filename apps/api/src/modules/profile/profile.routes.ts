// The signed-in shopper's profile, and their «allow messages» answered in Telegram (decision 068).
import {
  ApiErrorSchema,
  ProfileResponseSchema,
  WriteAccessBodySchema,
  WriteAccessResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../plugins/errors.ts';
import { findUserById, setBotMayWrite } from '../auth/index.ts';
import { ensureReferralCode } from '../referral/index.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in shopper's profile",
        response: { 200: ProfileResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      // A valid token for a user that no longer exists is as good as no token.
      if (!user) throw unauthorized();
      return {
        result: {
          id: user.id,
          telegram_id: user.telegramId,
          first_name: user.firstName,
          last_name: user.lastName,
          username: user.username,
          language_code: user.languageCode,
          photo_url: user.photoUrl,
          is_premium: user.isPremium,
          created_at: user.createdAt.toISOString(),
          referral_code: await ensureReferralCode(app.db, user.id),
          bot_may_write: user.botMayWrite,
        },
      };
    },
  );

  // The app's word that the shopper pressed «Allow» in Telegram's prompt. Not signed by Telegram:
  // a false «allowed» costs only a message refused with 403, which takes the permission away again;
  // the bot's `write_access_allowed` update says the same when the webhook hears it first.
  app.post(
    '/profile/write-access',
    {
      schema: {
        tags: ['profile'],
        summary: 'The shopper allowed the bot to write to them (Telegram requestWriteAccess answered «allowed»)',
        body: WriteAccessBodySchema,
        response: { 200: WriteAccessResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      if (!user) throw unauthorized();
      await setBotMayWrite(app.db, user.telegramId, true);
      request.log.info({ userId: user.id }, 'bot may write: allowed in the app');
      return { result: { bot_may_write: true } };
    },
  );
};
