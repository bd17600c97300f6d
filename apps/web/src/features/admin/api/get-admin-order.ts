// GET /admin/orders/{id}: the order card with its user, history, payments, refunds, notes and
// notifications.
import { AdminOrderResponseSchema, type AdminOrder } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getAdminOrder = async (id: number): Promise<AdminOrder> =>
  (await api(`/v1/admin/orders/${id}`, { schema: AdminOrderResponseSchema })).result;

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminOrder(id),
    queryFn: () => getAdminOrder(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useAdminOrder = (id: number) => useQuery(adminOrderQueryOptions(id));
