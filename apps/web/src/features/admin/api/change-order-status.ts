// POST /admin/orders/{id}/status: moves an order along ORDER_TRANSITIONS (409 invalid_transition
// when someone moved it first); refreshes the card and the lists.
import { AdminOrderResponseSchema, type AdminOrder, type AdminStatusBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ChangeStatusInput = { id: number } & Omit<AdminStatusBody, 'notify'> & { notify?: boolean };

export const changeOrderStatus = async ({ id, ...body }: ChangeStatusInput): Promise<AdminOrder> =>
  (await api(`/v1/admin/orders/${id}/status`, { method: 'POST', body, schema: AdminOrderResponseSchema }))
    .result;

export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (order) => queryClient.setQueryData(queryKeys.adminOrder(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
};
