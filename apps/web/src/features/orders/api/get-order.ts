import { OrderResponseSchema, type Order } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOrder = async (id: number): Promise<Order> =>
  (await api(`/v1/order/detail/${id}`, { schema: OrderResponseSchema })).result;

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.orders, 'one', id],
    queryFn: () => getOrder(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useOrder = (id: number) => useQuery(orderQueryOptions(id));
