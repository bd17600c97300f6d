// Checkout money for the signed-in shopper (docs/product.md §13.3): the quote behind «Списать
// бонусы» and the promo-code check.
import {
  ApiErrorSchema,
  CheckoutQuoteBodySchema,
  CheckoutQuoteResponseSchema,
  PromoCheckBodySchema,
  PromoCheckResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.ts';
import { goodsTotal, orderMoney, quote } from './order-money.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const programmesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout'];
  app.post(
    '/checkout/quote',
    {
      schema: {
        tags,
        summary: 'The money of these lines: total, discount, usable bonuses, to_pay',
        body: CheckoutQuoteBodySchema,
        response: { 200: CheckoutQuoteResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await quote(app.db, request.userId, request.body) }),
  );
  app.post(
    '/promo/check',
    {
      schema: {
        tags,
        summary: 'Does this promo code give a discount on these lines?',
        body: PromoCheckBodySchema,
        response: { 200: PromoCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const total = await goodsTotal(app.db, request.body.items);
      const m = await orderMoney(app.db, request.userId, total, {
        promoCode: request.body.code,
        bonusAsked: 0,
        strict: false,
      });
      if (m.promoError) {
        throw new AppError(
          m.promoError.code === 'promo_not_found' ? 404 : 409,
          m.promoError.code,
          m.promoError.message,
        );
      }
      return {
        result: {
          code: m.promo!.code,
          kind: 'blogger' as const,
          percent: m.promo!.percent,
          discount: m.discount,
        },
      };
    },
  );
};
