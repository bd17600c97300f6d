// GET /find/poizon/search: Poizon through the provider, 20 per page.
import { PoizonSearchResponseSchema } from '@shop/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const poizonSearchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.poizonSearch(q),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/find/poizon/search', {
          query: { q, page: pageParam },
          schema: PoizonSearchResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
    enabled: q.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
