// POST /delivery (new) and PUT /delivery/{id} (edit); the address list is refreshed after either.
import { DeliveryAddressResponseSchema, type DeliveryAddress, type DeliveryBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DELIVERY_QUERY_KEY } from './get-deliveries.ts';

export const saveDelivery = async (body: DeliveryBody, id?: number): Promise<DeliveryAddress> =>
  (
    await api(id ? `/v1/delivery/${id}` : '/v1/delivery', {
      method: id ? 'PUT' : 'POST',
      body,
      schema: DeliveryAddressResponseSchema,
    })
  ).result;

export function useSaveDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: DeliveryBody; id?: number }) => saveDelivery(body, id),
    meta: { errorMessage: 'Не удалось сохранить адрес' },
    onSuccess: () => qc.invalidateQueries({ queryKey: DELIVERY_QUERY_KEY }),
  });
}
