import { OrderPageResponseSchema, type OrderPage } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getActiveOrders = async (page: number): Promise<OrderPage> =>
  (await api('/v1/order/detail/active', { query: { page }, schema: OrderPageResponseSchema })).result;

export const activeOrdersQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...queryKeys.orders, 'active', page], queryFn: () => getActiveOrders(page) });
