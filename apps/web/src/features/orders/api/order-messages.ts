// The order's question thread (issue 27): GET and POST /order/{id}/messages.
import { OrderMessageResponseSchema, OrderMessagesResponseSchema, type OrderMessage } from '@shop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const orderMessagesQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orderMessages(orderId),
    queryFn: async (): Promise<OrderMessage[]> =>
      (await api(`/v1/order/${orderId}/messages`, { schema: OrderMessagesResponseSchema })).result,
  });

export const useOrderMessages = (orderId: number) => useQuery(orderMessagesQueryOptions(orderId));

export function useAskAboutOrder(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await api(`/v1/order/${orderId}/messages`, {
          method: 'POST',
          body: { text },
          schema: OrderMessageResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось отправить вопрос' },
    onSuccess: (message) => {
      qc.setQueryData(queryKeys.orderMessages(orderId), (old: OrderMessage[] | undefined) => [
        ...(old ?? []),
        message,
      ]);
    },
  });
}
