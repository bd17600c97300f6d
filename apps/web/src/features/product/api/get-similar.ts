// GET /api/v1/product/{id}/similar: the similar-products carousel; fresh for 10 minutes (docs/product.md §9).
// Typed, not parsed (no zod in the product drawer's code, docs/decisions/026 and 032): the server
// builds the answer from the same contract and the API tests check it.
import type { SimilarProductsResponseSchema, SimilarProduct } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSimilar = async (id: number, signal?: AbortSignal): Promise<SimilarProduct[]> =>
  (await api<Answer<typeof SimilarProductsResponseSchema>>(`/v1/product/${id}/similar`, { signal })).result
    .products;

export const similarQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.similar(id),
    queryFn: ({ signal }) => getSimilar(id!, signal),
    enabled: id !== null,
    staleTime: 10 * 60_000,
  });

export const useSimilar = (id: number | null) => useQuery(similarQueryOptions(id));

/** An empty or "0" price counts as absent (docs/product.md §3). */
export const hasPrice = (price: number | string | null | undefined): price is number =>
  price !== null && price !== undefined && price !== '' && Number(price) > 0;
