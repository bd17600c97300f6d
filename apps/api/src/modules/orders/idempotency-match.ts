// The same Idempotency-Key must mean the same order (docs/product.md §16): a replay with another
// body is a 409 conflict, as Stripe answers, instead of silently returning the first order.
import type { CreateOrderBody, Order } from '@shop/contract';
import { conflict } from '../../plugins/errors.ts';

const lines = (items: { product_id: number; variant_id: number; quantity: number }[]) =>
  items
    .map((i) => `${i.product_id}:${i.variant_id}x${i.quantity}`)
    .sort()
    .join(',');

/** Throws 409 unless `body` asks for what the order placed under the same key holds. */
export function assertSameOrderRequest(order: Order, body: CreateOrderBody): Order {
  if (order.delivery.id !== body.delivery_id || lines(order.items) !== lines(body.items)) {
    throw conflict('Этот Idempotency-Key уже использован для другого заказа');
  }
  return order;
}
