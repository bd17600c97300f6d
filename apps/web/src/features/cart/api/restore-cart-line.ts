// «Вернуть» after a removal: POST /cart puts the line back with the quantity it had (the server
// checks the stock and the caps again); both cart caches follow.
import type { AddToCartBody, CartLineResponseSchema } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { CART_LEN_QUERY_KEY } from './get-cart-len.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

export type RemovedLine = { productId: number; variantId: number; quantity: number };

export const restoreCartLine = async ({ productId, variantId, quantity }: RemovedLine) =>
  (
    await api<Answer<typeof CartLineResponseSchema>>('/v1/cart', {
      method: 'POST',
      body: { product_id: productId, variant_id: variantId, quantity } satisfies AddToCartBody,
    })
  ).result;

export function useRestoreCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: restoreCartLine,
    meta: { errorMessage: 'Не удалось вернуть товар' },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: CART_LEN_QUERY_KEY }),
      ]),
  });
}
