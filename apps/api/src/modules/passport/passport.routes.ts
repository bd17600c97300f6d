// GET/PUT /passport: the shopper's passport data for customs. Never logged; answered with
// `Cache-Control: no-store`; masked unless `?reveal=1`.
import {
  ApiErrorSchema,
  PassportBodySchema,
  PassportQuerySchema,
  PassportResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPassport, maskPassport, savePassport } from './passport.repository.ts';

export const passportRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.env.dataKey;
  app.get(
    '/passport',
    {
      schema: {
        tags: ['passport'],
        summary: 'Passport data (masked; ?reveal=1 for the edit form); null when none saved',
        querystring: PassportQuerySchema,
        response: { 200: PassportResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await loadPassport(app.db, key, request.userId);
      if (!data) return { result: null };
      const reveal = request.query.reveal === '1';
      return { result: { ...(reveal ? data : maskPassport(data)), masked: !reveal } };
    },
  );

  app.put(
    '/passport',
    {
      schema: {
        tags: ['passport'],
        summary: 'Save passport data (replaces what was saved); answers it masked',
        body: PassportBodySchema,
        response: { 200: PassportResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = { ...request.body, middle_name: request.body.middle_name };
      await savePassport(app.db, key, request.userId, data);
      return { result: { ...maskPassport(data), masked: true } };
    },
  );
};
