// Dev login: init data signed by this server for the one fixed demo shopper, so the shop works
// in a plain browser. Registered only with DEV_LOGIN=1 outside production; takes no input.
import { DevInitDataResponseSchema } from '@shop/contract';
import { sign } from '@tma.js/init-data-node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const DEMO_SHOPPER = {
  id: 100_000_001,
  first_name: 'Анна',
  last_name: 'Покупкина',
  username: 'demo_shopper',
  language_code: 'ru',
  allows_write_to_pm: true,
} as const;

export const devRoutes: FastifyPluginAsyncZod<{ botToken: string; botUsername: string | undefined }> = async (
  app,
  opts,
) => {
  app.get(
    '/dev/init-data',
    {
      schema: {
        tags: ['dev'],
        summary: 'Init data for the demo shopper (dev login only)',
        response: { 200: DevInitDataResponseSchema },
      },
    },
    (_request, reply) => {
      // `signature` (Ed25519 from Telegram) cannot be made here; the SDK only needs it present.
      const initData = sign(
        { user: { ...DEMO_SHOPPER }, signature: 'dev-login', chat_type: 'sender', chat_instance: '1' },
        opts.botToken,
        new Date(),
      );
      void reply.header('cache-control', 'no-store');
      return { result: { initData, botUsername: opts.botUsername ?? null } };
    },
  );
};
