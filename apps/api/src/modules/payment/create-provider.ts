// Chooses the payment provider named by PAYMENT_PROVIDER.
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { YooKassaPaymentProvider } from './yookassa-provider.ts';

export function createPaymentProvider(env: Env, db: Database): PaymentProvider {
  // loadEnv refuses PAYMENT_PROVIDER=yookassa without its credentials, so `yookassa` is set then.
  if (env.paymentProvider === 'yookassa' && env.yookassa) return new YooKassaPaymentProvider(env.yookassa);
  return new SandboxPaymentProvider(db, env.publicUrl ?? '');
}
