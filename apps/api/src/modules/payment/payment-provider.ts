// The seam between orders and whoever takes the money (DESIGN §5). Amounts are integer roubles.
import type { PaymentStatus, RefundStatus } from '@shop/contract';

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
  /** Returns money of a succeeded payment (DESIGN §7.5). */
  refund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Re-reads a refund: the only refund status we trust. */
  getRefund(providerRefundId: string): Promise<ProviderRefund>;
  /** The provider refund id a notification is about (`refund.*`), or null. */
  parseRefundWebhook(body: unknown): string | null;
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
