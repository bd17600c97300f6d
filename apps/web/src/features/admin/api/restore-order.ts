// POST /admin/orders/{id}/restore (owner): «Нужен возврат» the other way — an order canceled while
// its payment went through goes back to paid when its stock can still be taken.
import { AdminOrderResponseSchema, type AdminOrder, type AdminRestoreBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const restoreOrder = async ({ id, ...body }: { id: number } & AdminRestoreBody): Promise<AdminOrder> =>
  (await api(`/v1/admin/orders/${id}/restore`, { method: 'POST', body, schema: AdminOrderResponseSchema }))
    .result;

export const useRestoreOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOrder,
    meta: { errorMessage: 'Не удалось восстановить заказ' },
    onSuccess: (order) => queryClient.setQueryData(queryKeys.adminOrder(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
};
