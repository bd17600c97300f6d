// The order's question thread in the console (issue 27): GET and POST /admin/orders/{id}/messages.
import { OrderMessageResponseSchema, OrderMessagesResponseSchema, type OrderMessage } from '@shop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const threadKey = queryKeys.adminOrderThread;

export const useAdminOrderThread = (id: number) =>
  useQuery({
    queryKey: threadKey(id),
    queryFn: async (): Promise<OrderMessage[]> =>
      (await api(`/v1/admin/orders/${id}/messages`, { schema: OrderMessagesResponseSchema })).result,
  });

export const useAnswerOrder = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await api(`/v1/admin/orders/${id}/messages`, {
          method: 'POST',
          body: { text },
          schema: OrderMessageResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось отправить ответ' },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
      // The answer also went to the outbox: the card's messages list shows it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(id) });
    },
  });
};
