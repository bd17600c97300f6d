// GET /admin/customers (search, keyset pages) and /admin/customers/{id} (the card).
import { AdminCustomerListResponseSchema, AdminCustomerResponseSchema } from '@shop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const customersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminCustomers(q),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/admin/customers', {
          query: { q: q.trim() || undefined, cursor: pageParam },
          schema: AdminCustomerListResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useCustomers = (q: string) => useInfiniteQuery(customersQueryOptions(q));

export const useCustomer = (id: number) =>
  useQuery({
    queryKey: queryKeys.adminCustomer(id),
    queryFn: async ({ signal }) =>
      (await api(`/v1/admin/customers/${id}`, { schema: AdminCustomerResponseSchema, signal })).result,
  });
