// GET /api/v2/product/filters: the facets (brands, colours, sizes, categories, fit) the current
// selection can still reach, with counts; they feed the filter sheets.
import { ProductFiltersResponseSchema } from '@shop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listingQuery, type ProductListParams } from './get-products.ts';

export const getProductFilters = async (p: ProductListParams, signal?: AbortSignal) =>
  (await api('/v2/product/filters', { query: listingQuery(p), schema: ProductFiltersResponseSchema, signal }))
    .result;

export const productFiltersQueryOptions = (p: ProductListParams) =>
  queryOptions({
    queryKey: ['product-filters', p],
    queryFn: ({ signal }) => getProductFilters(p, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useProductFilters = (p: ProductListParams) => useQuery(productFiltersQueryOptions(p));
