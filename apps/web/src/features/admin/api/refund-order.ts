// POST /admin/orders/{id}/refund (owner): the whole unrefunded amount when no amount is given.
import { AdminRefundResponseSchema, type AdminRefund, type AdminRefundBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const refundOrder = async ({ id, ...body }: { id: number } & AdminRefundBody): Promise<AdminRefund> =>
  (await api(`/v1/admin/orders/${id}/refund`, { method: 'POST', body, schema: AdminRefundResponseSchema }))
    .result;

export const useRefundOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    meta: { errorMessage: 'Не удалось провести возврат' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
};
