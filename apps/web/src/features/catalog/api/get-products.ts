// GET /api/v2/product: one page of the catalogue grid, paged by the keyset cursor.
import type { ProductListResponseSchema, ProductCard, Sorting } from '@shop/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProductListParams = {
  categoryIds?: number[];
  colors?: string[];
  sizes?: string[];
  brandIds?: number[];
  fitPeople?: string[];
  sorting?: Sorting;
  search?: string;
  limit?: number;
};

const list = (values: readonly (string | number)[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

/** The query parameters of the listing and of the facets (docs/product.md §7). */
export const listingQuery = (p: ProductListParams) => ({
  category_ids: list(p.categoryIds),
  colors: list(p.colors),
  sizes_eu: list(p.sizes),
  brand_ids: list(p.brandIds),
  category_fit_people: list(p.fitPeople),
  search_string: p.search?.trim() || undefined,
});

export const getProducts = async (p: ProductListParams, cursor?: string, signal?: AbortSignal) =>
  (
    await api<Answer<typeof ProductListResponseSchema>>('/v2/product', {
      query: { ...listingQuery(p), sorting: p.sorting, cursor, limit: p.limit },
      signal,
    })
  ).result;

export const productsInfiniteQueryOptions = (p: ProductListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.products(p),
    queryFn: ({ pageParam, signal }) => getProducts(p, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
    staleTime: 60_000,
  });

export const useProductsInfinite = (p: ProductListParams) =>
  useInfiniteQuery(productsInfiniteQueryOptions(p));

/** One short row (home page): the first page only. */
export const productRowQueryOptions = (p: ProductListParams) =>
  queryOptions({
    queryKey: queryKeys.productRow(p),
    queryFn: async ({ signal }): Promise<ProductCard[]> => (await getProducts(p, undefined, signal)).products,
    staleTime: 5 * 60_000,
  });
