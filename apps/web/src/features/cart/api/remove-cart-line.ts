// DELETE /cart/{variant_id}: removes a basket line; both cart caches follow.
import { CartRemovedResponseSchema, type CartEntry } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_LEN_QUERY_KEY } from './get-cart-len.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

export const removeCartLine = async (variantId: number) =>
  (await api(`/v1/cart/${variantId}`, { method: 'DELETE', schema: CartRemovedResponseSchema })).result;

export const withoutVariant = (cart: CartEntry[], variantId: number): CartEntry[] =>
  cart
    .map((entry) => ({ ...entry, variants: entry.variants.filter((v) => v.id !== variantId) }))
    .filter((entry) => entry.variants.length > 0);

export function useRemoveCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    meta: { errorMessage: 'Не удалось удалить товар' },
    onSuccess: (_result, variantId) => {
      const previous = qc.getQueryData<CartEntry[]>(CART_QUERY_KEY);
      if (previous) qc.setQueryData(CART_QUERY_KEY, withoutVariant(previous, variantId));
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: CART_LEN_QUERY_KEY }),
      ]),
  });
}
