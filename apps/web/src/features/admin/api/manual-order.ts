// A manual order (POST /admin/orders, with an Idempotency-Key) and an order's delivery changed before
// it ships (PUT /admin/orders/{id}/delivery); the products to pick lines from (GET /admin/products,
// GET /admin/products/{id}) and the carrier's cities and pickup points (read here: features do not
// share code).
import {
  AdminManualOrderResponseSchema,
  AdminOrderResponseSchema,
  AdminProductDetailResponseSchema,
  AdminProductListResponseSchema,
  DeliveryCitiesResponseSchema,
  DeliveryPointsResponseSchema,
  type AdminManualOrderBody,
  type AdminOrderDeliveryBody,
} from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const useProductsToPick = (q: string) =>
  useQuery({
    queryKey: queryKeys.adminOrderProducts(q),
    queryFn: async ({ signal }) =>
      (
        await api('/v1/admin/products', {
          query: { q: q.trim(), hidden: '0', limit: 20 },
          schema: AdminProductListResponseSchema,
          signal,
        })
      ).result.products,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const useProductToPick = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.adminOrderProduct(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api(`/v1/admin/products/${id}`, { schema: AdminProductDetailResponseSchema, signal })).result,
    enabled: id !== null,
  });

export const useCities = (q: string) =>
  useQuery({
    queryKey: queryKeys.deliveryCities(q),
    queryFn: async ({ signal }) =>
      (await api('/v1/delivery/cities', { query: { q }, signal, schema: DeliveryCitiesResponseSchema }))
        .result,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });

export const usePoints = (cityCode: number | null) =>
  useQuery({
    queryKey: queryKeys.deliveryPoints(cityCode ?? 0, null),
    queryFn: async ({ signal }) =>
      (
        await api('/v1/delivery/points', {
          query: { city_code: String(cityCode) },
          signal,
          schema: DeliveryPointsResponseSchema,
        })
      ).result,
    enabled: cityCode !== null,
    staleTime: 10 * 60_000,
  });

export const usePlaceManualOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: AdminManualOrderBody; key: string }) =>
      (
        await api('/v1/admin/orders', {
          method: 'POST',
          body,
          headers: { 'idempotency-key': key },
          schema: AdminManualOrderResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось оформить заказ' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminInventory }),
      ]),
  });
};

export const useChangeOrderDelivery = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminOrderDeliveryBody) =>
      (
        await api(`/v1/admin/orders/${orderId}/delivery`, {
          method: 'PUT',
          body,
          schema: AdminOrderResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось изменить доставку' },
    onSuccess: (order) => queryClient.setQueryData(queryKeys.adminOrder(orderId), order),
  });
};
