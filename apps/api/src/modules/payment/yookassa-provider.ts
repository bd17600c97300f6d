// YooKassa REST v3 adapter: Basic auth shopId:secretKey, Idempotence-Key on create, redirect
// confirmation. Notifications only name a payment; its status is always re-read with
// GET /payments/{id}.
import { z } from 'zod';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider.ts';

export type YooKassaConfig = { shopId: string; secretKey: string; apiUrl: string };

const PaymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
});

const RefundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
});

const RefundNotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().startsWith('refund.'),
  object: z.object({ id: z.string().min(1).max(100) }),
});

const NotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().startsWith('payment.'),
  object: z.object({ id: z.string().min(1).max(100) }),
});

/** "1500.00" RUB → 1500; anything else (kopecks, other currency) → NaN, which never matches an order. */
function roubles(amount: { value: string; currency: string }): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (amount.currency !== 'RUB' || !match || Number(match[2] ?? 0) !== 0) return Number.NaN;
  return Number(match[1]);
}

export class YooKassaPaymentProvider implements PaymentProvider {
  readonly name = 'yookassa';
  private readonly authorization: string;

  constructor(private readonly config: YooKassaConfig) {
    this.authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) {
    const parsed = PaymentSchema.safeParse(await this.request(method, path, body, idempotenceKey));
    if (!parsed.success) throw new PaymentProviderError(`YooKassa ${method} ${path}: unexpected answer`);
    return parsed.data;
  }

  private async callRefund(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) {
    const parsed = RefundSchema.safeParse(await this.request(method, path, body, idempotenceKey));
    if (!parsed.success) throw new PaymentProviderError(`YooKassa ${method} ${path}: unexpected answer`);
    const p = parsed.data;
    return { id: p.id, status: p.status, amount: roubles(p.amount) } satisfies ProviderRefund;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`YooKassa ${method} ${path}: ${(err as Error).message}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = z.object({ code: z.string(), description: z.string().optional() }).safeParse(json);
      throw new PaymentProviderError(
        `YooKassa ${method} ${path}: HTTP ${response.status}${detail.success ? ` ${detail.data.code}: ${detail.data.description ?? ''}` : ''}`,
        response.status,
      );
    }
    return json;
  }

  private toPayment(p: z.infer<typeof PaymentSchema>): ProviderPayment {
    return {
      id: p.id,
      // With capture: true a payment never waits for capture; if it does, it is not paid yet.
      status: p.status === 'waiting_for_capture' ? 'pending' : p.status,
      amount: roubles(p.amount),
      confirmationUrl: p.confirmation?.confirmation_url ?? null,
    };
  }

  async createPayment(input: CreatePaymentInput) {
    const payment = await this.call(
      'POST',
      '/payments',
      {
        amount: { value: `${input.amount}.00`, currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: input.description.slice(0, 128),
        metadata: input.metadata,
      },
      input.idempotenceKey,
    );
    return this.toPayment(payment);
  }

  async getStatus(id: string) {
    return this.toPayment(await this.call('GET', `/payments/${encodeURIComponent(id)}`));
  }

  parseWebhook(body: unknown) {
    const parsed = NotificationSchema.safeParse(body);
    return parsed.success ? parsed.data.object.id : null;
  }

  /** POST /refunds with our refund's Idempotence-Key. */
  async refund(input: CreateRefundInput): Promise<ProviderRefund> {
    return this.callRefund(
      'POST',
      '/refunds',
      {
        payment_id: input.providerPaymentId,
        amount: { value: `${input.amount}.00`, currency: 'RUB' },
        description: input.description.slice(0, 250),
      },
      input.idempotenceKey,
    );
  }

  async getRefund(id: string): Promise<ProviderRefund> {
    return this.callRefund('GET', `/refunds/${encodeURIComponent(id)}`);
  }

  parseRefundWebhook(body: unknown) {
    const parsed = RefundNotificationSchema.safeParse(body);
    return parsed.success ? parsed.data.object.id : null;
  }
}
