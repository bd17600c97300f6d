import type { CartLenResponseSchema } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The key POST /cart invalidates (docs/product.md §7: "cartsLength"). */
export const CART_LEN_QUERY_KEY = queryKeys.cartsLength;

export const getCartLen = async (): Promise<number> =>
  (await api<Answer<typeof CartLenResponseSchema>>('/v1/cart/len')).result.len;

export const cartLenQueryOptions = () =>
  queryOptions({ queryKey: CART_LEN_QUERY_KEY, queryFn: getCartLen, staleTime: 10 * 60_000 });
