// GET, PUT /admin/order-views and DELETE /admin/order-views/{id}: the staff member's saved filters
// of the orders list, kept on the server (the same on the phone and the desktop).
import {
  AdminOrderViewListResponseSchema,
  AdminOrderViewRemovedResponseSchema,
  AdminOrderViewResponseSchema,
  type AdminOrderViewBody,
} from '@shop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const orderViewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminOrderViews,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/order-views', { schema: AdminOrderViewListResponseSchema, signal })).result,
  });

export const useOrderViews = () => useQuery(orderViewsQueryOptions());

export const useSaveOrderView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminOrderViewBody) =>
      (await api('/v1/admin/order-views', { method: 'PUT', body, schema: AdminOrderViewResponseSchema }))
        .result,
    meta: { errorMessage: 'Не удалось сохранить фильтр' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrderViews }),
  });
};

export const useRemoveOrderView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await api(`/v1/admin/order-views/${id}`, {
          method: 'DELETE',
          schema: AdminOrderViewRemovedResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось удалить фильтр' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrderViews }),
  });
};
