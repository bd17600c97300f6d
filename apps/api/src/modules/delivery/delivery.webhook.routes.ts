// CDEK's status webhook (docs/product.md §11.9): `POST /api/v1/delivery/webhook/cdek?secret=…`.
// CDEK sends no signature or custom header, so the URL the shop subscribes with carries
// CDEK_WEBHOOK_SECRET; without the setting the route answers 404. Each webhook is sent once and
// never retried: it is applied at once (idempotently, shipments.ts), and polling covers a lost one.
import { timingSafeEqual } from 'node:crypto';
import { ApiErrorSchema, CdekWebhookBodySchema, CdekWebhookQuerySchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { CDEK_STATUS_NAMES } from './cdek/cdek-map.ts';
import { applyCarrierEvents } from './shipments.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const deliveryWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/delivery/webhook/cdek',
    {
      schema: {
        tags: ['delivery'],
        summary: "CDEK's ORDER_STATUS webhook (the subscribed URL carries ?secret=)",
        querystring: CdekWebhookQuerySchema,
        body: CdekWebhookBodySchema,
        response: {
          200: z.object({ result: z.object({ applied: z.boolean() }) }),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const expected = app.env.delivery?.webhookSecret;
      if (!expected || !sameSecret(request.query.secret, expected)) {
        throw new AppError(404, 'not_found', 'Нет такого адреса');
      }
      const { type, uuid, attributes } = request.body;
      if (type !== 'ORDER_STATUS' || !attributes.status_code || !attributes.status_date_time) {
        return { result: { applied: false } };
      }
      const at = new Date(attributes.status_date_time);
      if (Number.isNaN(at.getTime())) return { result: { applied: false } };
      const code = attributes.status_code;
      const applied = await applyCarrierEvents(
        app.db,
        app.delivery,
        { carrier: 'cdek', uuid },
        {
          events: [
            {
              code,
              name: CDEK_STATUS_NAMES[code] ?? code,
              at: at.toISOString(),
              city: attributes.city_name ?? null,
            },
          ],
          carrierNumber: attributes.cdek_number === undefined ? null : String(attributes.cdek_number),
        },
      );
      request.log.info({ uuid, code, applied }, 'delivery: CDEK webhook');
      return { result: { applied } };
    },
  );
};
