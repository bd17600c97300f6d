import type { OrderPageResponseSchema, OrderPage } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getActiveOrders = async (page: number): Promise<OrderPage> =>
  (await api<Answer<typeof OrderPageResponseSchema>>('/v1/order/detail/active', { query: { page } })).result;

export const activeOrdersQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...queryKeys.orders, 'active', page], queryFn: () => getActiveOrders(page) });
