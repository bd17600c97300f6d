// GET /api/v1/cart: the shopper's cart, grouped per product (docs/product.md §3); fresh for 10 minutes.
import type { CartResponseSchema, CartEntry } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The key POST /cart refreshes (docs/product.md §7: "carts"). */
export const CART_QUERY_KEY = queryKeys.carts;

export const getCart = async (signal?: AbortSignal): Promise<CartEntry[]> =>
  (await api<Answer<typeof CartResponseSchema>>('/v1/cart', { signal })).result;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 10 * 60_000,
  });

export const useCart = () => useQuery(cartQueryOptions());
