import { CartResponseSchema, type CartEntry } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec §7's cache name "carts"; fresh 10 minutes (§9). */
export const CART_QUERY_KEY = ['carts'] as const;

export const getCart = async (): Promise<CartEntry[]> =>
  (await api('/v1/cart', { schema: CartResponseSchema })).result;

export const cartQueryOptions = () =>
  queryOptions({ queryKey: CART_QUERY_KEY, queryFn: getCart, staleTime: 10 * 60_000 });

export const useCart = () => useQuery(cartQueryOptions());
