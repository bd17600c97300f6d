// Payment: the payment link of an order, the status poll, provider notifications and, for the
// sandbox provider, its own payment page.
import {
  ApiErrorSchema,
  IdParamsSchema,
  PaymentStatusQuerySchema,
  PaymentStatusResponseSchema,
  PaymentUrlResponseSchema,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { orders, payments, sandboxPayments } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { syncProviderRefund } from '../refunds/refunds.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findPaymentByGuid,
  getPaymentUrl,
  paymentStatusForUser,
  syncProviderPayment,
  warnPaidTooLate,
} from './payment.repository.ts';
import { SANDBOX_PAGE_PREFIX, SandboxPaymentProvider } from './sandbox-provider.ts';
import { renderSandboxPage } from './sandbox-page.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export function publicBase(env: Env, request: FastifyRequest): string {
  return env.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Where the shopper lands after paying: the Mini App deep link (payment_success__/payment_fail__),
 * or in dev mode (or without a bot name) the app's own payment-await page.
 */
export function paymentReturnUrl(env: Env, base: string, guid: string, outcome: 'success' | 'fail'): string {
  if (env.devLogin || !env.botUsername || !env.appName) {
    return `${base}/payment-await?transaction_guid=${encodeURIComponent(guid)}`;
  }
  return `https://t.me/${env.botUsername}/${env.appName}?startapp=payment_${outcome}__${guid}`;
}

const providerDown = () => new AppError(502, 'internal', 'Платёжная система недоступна, попробуйте позже');

export const paymentRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, opts) => {
  const { provider } = opts;
  const env = app.env;

  app.get(
    '/order/payment_url/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payment'],
        summary: "The payment link of an order awaiting payment (reuses the order's open payment)",
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: PaymentUrlResponseSchema, 502: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const base = publicBase(env, request);
      try {
        const result = await getPaymentUrl(app.db, provider, request.userId, request.params.id, (guid) =>
          paymentReturnUrl(env, base, guid, 'success'),
        );
        const url = result.url.startsWith('/') ? `${base}${result.url}` : result.url;
        return { result: { ...result, url } };
      } catch (err) {
        if (err instanceof AppError) throw err;
        request.log.error({ err, orderId: request.params.id }, 'payment creation failed');
        throw providerDown();
      }
    },
  );

  app.get(
    '/payment/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payment'],
        summary: 'Status of a payment (re-read from the provider while pending)',
        security: [{ bearer: [] }],
        querystring: PaymentStatusQuerySchema,
        response: { 200: PaymentStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await paymentStatusForUser(
        app.db,
        provider,
        request.userId,
        request.query.transaction_guid,
        request.log,
      ),
    }),
  );

  app.post(
    '/payment/webhook',
    {
      schema: {
        tags: ['payment'],
        summary: 'Provider notification; trusted only after re-reading the payment from the provider',
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.object({ result: z.object({ outcome: z.string() }) }),
          400: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const refundId = provider.parseRefundWebhook(request.body);
      if (refundId) {
        try {
          return { result: { outcome: await syncProviderRefund(app.db, provider, refundId) } };
        } catch (err) {
          request.log.error({ err }, 'webhook: re-reading the refund failed');
          throw providerDown();
        }
      }
      const id = provider.parseWebhook(request.body);
      if (!id) throw badRequest('Не уведомление о платеже');
      try {
        const synced = await syncProviderPayment(app.db, provider, id);
        if (synced?.outcome === 'paid_too_late') warnPaidTooLate(request.log, synced.payment.orderId);
        return { result: { outcome: synced?.outcome ?? 'unknown_payment' } };
      } catch (err) {
        request.log.error({ err }, 'webhook: re-reading the payment failed');
        throw providerDown();
      }
    },
  );

  if (provider instanceof SandboxPaymentProvider) {
    await app.register(async (scope) => {
      const page = scope.withTypeProvider<ZodTypeProvider>();
      // The page's buttons post an empty form.
      page.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const params = z.object({ id: z.uuid() });
      const pagePath = SANDBOX_PAGE_PREFIX.replace(/^\/api\/v1/, '');

      const load = async (id: string) => {
        const [row] = await page.db
          .select({ sandbox: sandboxPayments, payment: payments, orderStatus: orders.status })
          .from(sandboxPayments)
          .innerJoin(
            payments,
            and(eq(payments.provider, 'sandbox'), eq(payments.providerPaymentId, sandboxPayments.id)),
          )
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(eq(sandboxPayments.id, id));
        return row;
      };
      const notFoundPage = (reply: {
        code(n: number): unknown;
        type(t: string): unknown;
        send(b: string): unknown;
      }) => {
        reply.code(404);
        reply.type('text/html; charset=utf-8');
        return reply.send(renderSandboxPage({ description: 'Платёж не найден', amount: 0 }));
      };

      page.get(`${pagePath}/:id`, { schema: { hide: true, params } }, async (request, reply) => {
        const row = await load(request.params.id);
        if (!row) return notFoundPage(reply);
        const open = row.sandbox.status === 'pending' && row.orderStatus === 'awaiting_payment';
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return renderSandboxPage({
          description: row.sandbox.description,
          amount: row.sandbox.amount,
          ...(open
            ? { actionBase: `${SANDBOX_PAGE_PREFIX}/${row.sandbox.id}` }
            : {
                notice:
                  row.sandbox.status === 'succeeded'
                    ? 'Заказ оплачен'
                    : row.sandbox.status === 'canceled'
                      ? 'Оплата отменена'
                      : 'Заказ отменён, оплатить его уже нельзя',
              }),
        });
      });

      page.post(
        `${pagePath}/:id/:action`,
        { schema: { hide: true, params: params.extend({ action: z.enum(['pay', 'cancel']) }) } },
        async (request, reply) => {
          const { id, action } = request.params;
          const row = await load(id);
          if (!row) return notFoundPage(reply);
          if (
            action === 'pay' &&
            row.sandbox.status === 'pending' &&
            row.orderStatus !== 'awaiting_payment'
          ) {
            reply.code(409).type('text/html; charset=utf-8');
            return renderSandboxPage({
              description: row.sandbox.description,
              amount: row.sandbox.amount,
              notice: 'Заказ отменён, оплатить его уже нельзя',
            });
          }
          await provider.settle(id, action === 'pay' ? 'succeeded' : 'canceled');
          // The same path a provider notification takes: re-read, then apply once.
          const synced = await syncProviderPayment(page.db, provider, id);
          if (synced?.outcome === 'paid_too_late') warnPaidTooLate(request.log, synced.payment.orderId);
          const payment = await findPaymentByGuid(page.db, row.payment.transactionGuid);
          const outcome = payment?.status === 'succeeded' ? 'success' : 'fail';
          return reply.redirect(
            paymentReturnUrl(env, publicBase(env, request), row.payment.transactionGuid, outcome),
            303,
          );
        },
      );
    });
  }
};
