// GET /order/payment_url/{id}: a payment link for an order awaiting payment.
import { PaymentUrlResponseSchema } from '@shop/contract';
import { api } from '../../../lib/api-client.ts';

export const getPaymentUrl = async (orderId: number) =>
  (await api(`/v1/order/payment_url/${orderId}`, { schema: PaymentUrlResponseSchema })).result;
