// The default payment provider: no money moves. It keeps its payments in `sandbox_payments` and
// serves its own payment page (payment.routes.ts), the way a card form of a real provider would.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orders, payments, sandboxPayments, sandboxRefunds } from '../../db/schema/index.ts';
import {
  PaymentProviderError,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider.ts';

export const SANDBOX_PAGE_PREFIX = '/api/v1/pay/sandbox';

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

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    /** Absolute origin for the page links; empty: links relative to the API's origin. */
    private readonly publicUrl = '',
  ) {}

  private toPayment(row: typeof sandboxPayments.$inferSelect): ProviderPayment {
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      confirmationUrl: `${this.publicUrl}${SANDBOX_PAGE_PREFIX}/${row.id}`,
    };
  }

  async createPayment(input: { idempotenceKey: string; amount: number; description: string }) {
    await this.db
      .insert(sandboxPayments)
      .values({
        id: randomUUID(),
        idempotenceKey: input.idempotenceKey,
        amount: input.amount,
        description: input.description,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotenceKey });
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotenceKey, input.idempotenceKey));
    return this.toPayment(row!);
  }

  async getStatus(id: string) {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    if (!row) throw new PaymentProviderError(`sandbox payment ${id} not found`, 404);
    return this.toPayment(row);
  }

  parseWebhook(body: unknown) {
    const parsed = NotificationSchema.safeParse(body);
    return parsed.success ? parsed.data.object.id : null;
  }

  /** A sandbox refund succeeds at once, up to what the payment took. */
  async refund(input: CreateRefundInput): Promise<ProviderRefund> {
    const payment = await this.getStatus(input.providerPaymentId);
    if (payment.status !== 'succeeded') {
      throw new PaymentProviderError(`sandbox payment ${input.providerPaymentId} is not succeeded`, 400);
    }
    await this.db
      .insert(sandboxRefunds)
      .values({
        id: randomUUID(),
        idempotenceKey: input.idempotenceKey,
        paymentId: input.providerPaymentId,
        amount: input.amount,
      })
      .onConflictDoNothing({ target: sandboxRefunds.idempotenceKey });
    const [row] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotenceKey, input.idempotenceKey));
    return { id: row!.id, status: row!.status, amount: row!.amount };
  }

  async getRefund(id: string): Promise<ProviderRefund> {
    const [row] = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
    if (!row) throw new PaymentProviderError(`sandbox refund ${id} not found`, 404);
    return { id: row.id, status: row.status, amount: row.amount };
  }

  parseRefundWebhook(body: unknown) {
    const parsed = RefundNotificationSchema.safeParse(body);
    return parsed.success ? parsed.data.object.id : null;
  }

  /** What the payment page shows: the sandbox payment, our payment row and its order's status. */
  async findPage(id: string) {
    const [row] = await this.db
      .select({ sandbox: sandboxPayments, payment: payments, orderStatus: orders.status })
      .from(sandboxPayments)
      .innerJoin(
        payments,
        and(eq(payments.provider, 'sandbox'), eq(payments.providerPaymentId, sandboxPayments.id)),
      )
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(sandboxPayments.id, id));
    return row;
  }

  /** What the page's buttons do: settles a pending sandbox payment once. */
  async settle(id: string, status: 'succeeded' | 'canceled'): Promise<boolean> {
    const rows = await this.db
      .update(sandboxPayments)
      .set({ status })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
      .returning({ id: sandboxPayments.id });
    return rows.length > 0;
  }
}
