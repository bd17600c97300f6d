import { DeliveryRemovedResponseSchema } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DELIVERY_QUERY_KEY } from './get-deliveries.ts';

export const deleteDelivery = async (id: number) =>
  (await api(`/v1/delivery/${id}`, { method: 'DELETE', schema: DeliveryRemovedResponseSchema })).result;

export function useDeleteDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDelivery,
    meta: { errorMessage: 'Не удалось удалить адрес' },
    onSuccess: () => qc.invalidateQueries({ queryKey: DELIVERY_QUERY_KEY }),
  });
}
