// POST /order with an Idempotency-Key: one key per checkout attempt, reused on every retry so a
// repeated press or a lost answer never places a second order.
import { OrderResponseSchema, type CreateOrderBody, type Order } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createOrder = async (body: CreateOrderBody, idempotencyKey: string): Promise<Order> =>
  (
    await api('/v1/order', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
      schema: OrderResponseSchema,
    })
  ).result;

export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderBody; key: string }) => createOrder(body, key),
    meta: { errorMessage: 'Не удалось оформить заказ' },
    // The ordered lines leave the cart and stock changes. The cart caches are only marked stale:
    // the placing page still shows the lines while the payment link is fetched, and the basket
    // and the badge read them again when they next show.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.orders });
      void qc.invalidateQueries({ queryKey: queryKeys.product() });
      void qc.invalidateQueries({ queryKey: queryKeys.carts, refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: queryKeys.cartsLength, refetchType: 'none' });
    },
  });
}
