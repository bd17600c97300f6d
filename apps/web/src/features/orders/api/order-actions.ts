// What a shopper does with a placed order (issue 27): cancel it while unpaid, repeat it into the cart.
import { OrderResponseSchema, RepeatOrderResponseSchema } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api(`/v1/order/${orderId}/cancel`, { method: 'POST', schema: OrderResponseSchema })).result,
    meta: { errorMessage: 'Не удалось отменить заказ' },
    // The stock returns and the lines go back to the cart.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.orders });
      void qc.invalidateQueries({ queryKey: queryKeys.carts });
      void qc.invalidateQueries({ queryKey: queryKeys.cartsLength });
      void qc.invalidateQueries({ queryKey: queryKeys.product() });
    },
  });
}

export function useRepeatOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api(`/v1/order/${orderId}/repeat`, { method: 'POST', schema: RepeatOrderResponseSchema }))
        .result,
    meta: { errorMessage: 'Не удалось повторить заказ' },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.carts });
      void qc.invalidateQueries({ queryKey: queryKeys.cartsLength });
    },
  });
}
