// Telegram updates by webhook (docs/product.md §12.4): trusted only with the secret token Telegram was
// given in setWebhook (BOT_WEBHOOK_SECRET).
import { ApiErrorSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import type { ShopBot } from './shop-bot.ts';

const sameSecret = (given: string | undefined, expected: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const botRoutes: FastifyPluginAsyncZod<{ shopBot: ShopBot }> = async (app, opts) => {
  app.post(
    '/bot/webhook',
    {
      schema: {
        tags: ['bot'],
        summary: 'Telegram Bot API updates (X-Telegram-Bot-Api-Secret-Token must match BOT_WEBHOOK_SECRET)',
        body: z.object({ update_id: z.number().int() }).loose(),
        response: { 200: z.object({ result: z.object({ ok: z.boolean() }) }), 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const secret = app.env.botWebhookSecret;
      const given = request.headers['x-telegram-bot-api-secret-token'];
      if (!secret || !sameSecret(typeof given === 'string' ? given : undefined, secret)) {
        throw new AppError(403, 'forbidden', 'Неверный секрет вебхука');
      }
      try {
        await opts.shopBot.bot.handleUpdate(request.body);
      } catch (err) {
        // Telegram would retry the update forever; a failed reply is logged, not repeated.
        request.log.warn({ err }, 'bot update not handled');
      }
      return { result: { ok: true } };
    },
  );
};
