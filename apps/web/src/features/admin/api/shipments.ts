// The order card's shipments (docs/product.md §11.9): add one by number or register the Russian
// leg with CDEK, correct one, and print a registered one's label (a PDF fetched as a blob).
import {
  ShipmentResponseSchema,
  type CreateShipmentBody,
  type PatchShipmentBody,
  type Shipment,
} from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const useAddShipment = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateShipmentBody): Promise<Shipment> =>
      (
        await api(`/v1/admin/orders/${orderId}/shipments`, {
          method: 'POST',
          body,
          schema: ShipmentResponseSchema,
        })
      ).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(orderId) }),
    meta: { errorMessage: 'Не удалось сохранить отправление' },
  });
};

export const usePatchShipment = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: PatchShipmentBody }): Promise<Shipment> =>
      (
        await api(`/v1/admin/orders/${orderId}/shipments/${id}`, {
          method: 'PATCH',
          body,
          schema: ShipmentResponseSchema,
        })
      ).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(orderId) }),
    meta: { errorMessage: 'Не удалось исправить номер' },
  });
};

/** Opens the label of a registered shipment; a failure toasts through the query client. */
export const useOpenShipmentLabel = (orderId: number) =>
  useMutation({
    mutationFn: (shipmentId: number) => openShipmentLabel(orderId, shipmentId),
    meta: { errorMessage: 'Не удалось открыть этикетку' },
  });

/** Opens the label in a new tab (a plain link cannot carry the bearer token). */
export async function openShipmentLabel(orderId: number, shipmentId: number): Promise<void> {
  const blob = await apiBlob(`/v1/admin/orders/${orderId}/shipments/${shipmentId}/label`);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
