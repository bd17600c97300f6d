// Payment: the shopper's payment link and status poll (signed in), and the public side: provider
// notifications and, for the sandbox provider, its own payment page.
import {
  ApiErrorSchema,
  IdParamsSchema,
  PaymentStatusQuerySchema,
  PaymentStatusResponseSchema,
  PaymentUrlResponseSchema,
  miniAppLink,
} from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, badGateway, badRequest } from '../../plugins/errors.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findPaymentByGuid,
  getPaymentUrl,
  paymentStatusForUser,
  syncProviderPayment,
  warnPaidTooLate,
} from './payment.repository.ts';
import { SANDBOX_PAGE_PREFIX, SandboxPaymentProvider } from './sandbox-provider.ts';
import { closedNotice, ORDER_CLOSED, renderSandboxPage } from './sandbox-page.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The origin payment links start with: PUBLIC_URL. Only outside production may it fall back to the
 * request's own origin (in production the Host header is the client's to choose).
 */
export function publicBase(env: Env, request: FastifyRequest): string {
  if (env.publicUrl) return env.publicUrl;
  if (env.isProduction) throw new Error('PUBLIC_URL is required in production (checked by loadEnv)');
  return `${request.protocol}://${request.host}`;
}

/**
 * Where the shopper lands after paying: the Mini App deep link (payment_success__/payment_fail__),
 * or in dev mode (or without a bot name) the app's own payment-await page.
 */
export function paymentReturnUrl(env: Env, base: string, guid: string, outcome: 'success' | 'fail'): string {
  if (env.devLogin || !env.botUsername || !env.appName) {
    return `${base}/payment-await?transaction_guid=${encodeURIComponent(guid)}`;
  }
  return miniAppLink(env.botUsername, env.appName, { payment: { outcome, guid } });
}

const providerDown = () => badGateway('Платёжная система недоступна, попробуйте позже');

/** The shopper's side; registered inside the signed-in scope (app.ts). */
export const paymentRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, opts) => {
  const { provider } = opts;
  const env = app.env;

  app.get(
    '/order/payment_url/:id',
    {
      schema: {
        tags: ['payment'],
        summary: "The payment link of an order awaiting payment (reuses the order's open payment)",
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
      schema: {
        tags: ['payment'],
        summary: 'Status of a payment (re-read from the provider while pending)',
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
};

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The public side: provider notifications and the sandbox payment page. A refund notification is
 * handed to `syncRefund` (the refunds module's, wired in app.ts: refunds sit above payments).
 */
export const paymentPublicRoutes: FastifyPluginAsyncZod<{
  provider: PaymentProvider;
  syncRefund: (db: Database, provider: PaymentProvider, providerRefundId: string) => Promise<string>;
}> = async (app, opts) => {
  const { provider, syncRefund } = opts;
  const env = app.env;

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
          return { result: { outcome: await syncRefund(app.db, provider, refundId) } };
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

  if (!(provider instanceof SandboxPaymentProvider)) return;
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
    const notFoundPage = (reply: FastifyReply) =>
      sendPage(reply, 404, renderSandboxPage({ description: 'Платёж не найден', amount: 0 }));

    page.get(`${pagePath}/:id`, { schema: { hide: true, params } }, async (request, reply) => {
      const row = await provider.findPage(request.params.id);
      if (!row) return notFoundPage(reply);
      const open = row.sandbox.status === 'pending' && row.orderStatus === 'awaiting_payment';
      const { description, amount } = row.sandbox;
      return sendPage(
        reply,
        200,
        renderSandboxPage(
          open
            ? { description, amount, actionBase: `${SANDBOX_PAGE_PREFIX}/${row.sandbox.id}` }
            : { description, amount, notice: closedNotice(row.sandbox.status) },
        ),
      );
    });

    page.post(
      `${pagePath}/:id/:action`,
      { schema: { hide: true, params: params.extend({ action: z.enum(['pay', 'cancel']) }) } },
      async (request, reply) => {
        const { id, action } = request.params;
        const row = await provider.findPage(id);
        if (!row) return notFoundPage(reply);
        if (action === 'pay' && row.sandbox.status === 'pending' && row.orderStatus !== 'awaiting_payment') {
          const { description, amount } = row.sandbox;
          return sendPage(reply, 409, renderSandboxPage({ description, amount, notice: ORDER_CLOSED }));
        }
        await provider.settle(id, action === 'pay' ? 'succeeded' : 'canceled');
        // The same path a provider notification takes: re-read, then apply once.
        const synced = await syncProviderPayment(app.db, provider, id);
        if (synced?.outcome === 'paid_too_late') warnPaidTooLate(request.log, synced.payment.orderId);
        const payment = await findPaymentByGuid(app.db, row.payment.transactionGuid);
        const outcome = payment?.status === 'succeeded' ? 'success' : 'fail';
        return reply.redirect(
          paymentReturnUrl(env, publicBase(env, request), row.payment.transactionGuid, outcome),
          303,
        );
      },
    );
  });
};
