// GET /order/detail: every order of the shopper, newest first, paged from 0.
import { OrderPageResponseSchema, type OrderPage } from '@shop/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOrders = async (page: number): Promise<OrderPage> =>
  (await api('/v1/order/detail', { query: { page }, schema: OrderPageResponseSchema })).result;

export const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.orders, 'all'],
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
  });

export const useOrders = () => useInfiniteQuery(ordersQueryOptions());
