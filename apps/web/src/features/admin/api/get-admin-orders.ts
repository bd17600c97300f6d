// GET /admin/orders: one keyset page of orders under the console's filter, with counts per tab.
import {
  AdminOrderListResponseSchema,
  type AdminOrderList,
  type AdminOrderSort,
  type AdminOrderTab,
} from '@shop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AdminOrderFilter = {
  /** Empty: every status. */
  statuses: AdminOrderTab[];
  q: string;
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
  sort: AdminOrderSort;
};

/** The query string of a filter, shared by the list and the CSV export. */
export const adminOrderQuery = (f: AdminOrderFilter) => ({
  status: f.statuses.length > 0 ? f.statuses.join(',') : undefined,
  q: f.q.trim() || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  sort: f.sort === 'newest' ? undefined : f.sort,
});

/** Orders per page when none was chosen (the API's default). */
export const DEFAULT_PAGE_SIZE = 50;

export const getAdminOrders = async (
  f: AdminOrderFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit = DEFAULT_PAGE_SIZE,
): Promise<AdminOrderList> =>
  (
    await api('/v1/admin/orders', {
      query: { ...adminOrderQuery(f), cursor, limit },
      schema: AdminOrderListResponseSchema,
      signal,
    })
  ).result;

export const adminOrdersQueryOptions = (f: AdminOrderFilter, pageSize = DEFAULT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminOrderList(f, pageSize),
    queryFn: ({ pageParam, signal }) => getAdminOrders(f, pageParam, signal, pageSize),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
    // Tabs and filters change the key; the old rows stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (f: AdminOrderFilter, pageSize = DEFAULT_PAGE_SIZE) =>
  useInfiniteQuery(adminOrdersQueryOptions(f, pageSize));
