// GET /api/v2/product/filters: the facets (brands, colours, sizes, categories, fit) the current
// selection can still reach, with counts; they feed the filter sheets.
import type { ProductFiltersResponseSchema } from '@shop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { listingQuery, type ProductListParams } from './get-products.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getProductFilters = async (p: ProductListParams, signal?: AbortSignal) =>
  (
    await api<Answer<typeof ProductFiltersResponseSchema>>('/v2/product/filters', {
      query: listingQuery(p),
      signal,
    })
  ).result;

export const productFiltersQueryOptions = (p: ProductListParams) =>
  queryOptions({
    queryKey: queryKeys.productFilters(p),
    queryFn: ({ signal }) => getProductFilters(p, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useProductFilters = (p: ProductListParams) => useQuery(productFiltersQueryOptions(p));
