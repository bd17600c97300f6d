import { ApiErrorSchema, ProfileResponseSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../plugins/errors.ts';
import { findUserById } from '../auth/index.ts';
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
        },
      };
    },
  );
};
