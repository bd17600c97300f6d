import type { ProductResponseSchema, Product } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getProduct = async (id: number): Promise<Product> =>
  (await api<Answer<typeof ProductResponseSchema>>(`/v1/product/${id}`)).result;

/** Runs only when a product id exists (docs/product.md §5); fresh for 10 minutes (docs/product.md §9). */
export const productQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: () => getProduct(id!),
    enabled: id !== null,
    staleTime: 10 * 60_000,
  });
