// Chooses the payment provider named by PAYMENT_PROVIDER.
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { YooKassaPaymentProvider } from './yookassa-provider.ts';

export function createPaymentProvider(env: Env, db: Database): PaymentProvider {
  if (env.paymentProvider === 'yookassa') {
    if (!env.yookassa)
      throw new Error('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
    return new YooKassaPaymentProvider(env.yookassa);
  }
  return new SandboxPaymentProvider(db, env.publicUrl ?? '');
}
