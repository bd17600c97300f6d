// The seam between orders and whoever takes the money (docs/product.md §11). Amounts are integer roubles.
import type { PaymentStatus, RefundStatus } from '@shop/contract';
import { z } from 'zod';

export type ProviderPayment = {
  id: string;
  status: PaymentStatus;
  /** Roubles; NaN when the provider reports an amount we cannot read as whole roubles in RUB. */
  amount: number;
  confirmationUrl: string | null;
};

export type CreatePaymentInput = {
  /** Our transaction guid: the same key always yields the same provider payment. */
  idempotenceKey: string;
  amount: number;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
};

export type ProviderRefund = { id: string; status: RefundStatus; amount: number };

export type CreateRefundInput = {
  /** Our refund's key: the same key always yields the same provider refund. */
  idempotenceKey: string;
  providerPaymentId: string;
  amount: number;
  description: string;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** Re-reads a payment from the provider: the only status we trust. */
  getStatus(providerPaymentId: string): Promise<ProviderPayment>;
  /** The provider payment id a notification is about, or null when the body is not one. */
  parseWebhook(body: unknown): string | null;
  /** Returns money of a succeeded payment (docs/product.md §12.5). */
  refund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Re-reads a refund: the only refund status we trust. */
  getRefund(providerRefundId: string): Promise<ProviderRefund>;
  /** The provider refund id a notification is about (`refund.*`), or null. */
  parseRefundWebhook(body: unknown): string | null;
}

/**
 * A payment notification (YooKassa's documented body; the sandbox mimics it). It only names a
 * payment: its status is always re-read from the provider.
 */
const NotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().startsWith('payment.'),
  object: z.object({ id: z.string().min(1).max(100) }),
});

/** The provider payment id a notification body names, or null when it is not a payment notification. */
export function notificationPaymentId(body: unknown): string | null {
  const parsed = NotificationSchema.safeParse(body);
  return parsed.success ? parsed.data.object.id : null;
}

/** A refund notification (`refund.*`); it only names a refund, whose status is re-read. */
const RefundNotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().startsWith('refund.'),
  object: z.object({ id: z.string().min(1).max(100) }),
});

/** The provider refund id a notification body names, or null when it is not a refund notification. */
export function notificationRefundId(body: unknown): string | null {
  const parsed = RefundNotificationSchema.safeParse(body);
  return parsed.success ? parsed.data.object.id : null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
