// PATCH /cart/{variant_id} { quantity }: the basket's quantity stepper. The carts cache is updated
// at once (no jump), then both cart caches are refreshed from the server.
import { CartLineResponseSchema, type CartEntry } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_LEN_QUERY_KEY } from './get-cart-len.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

export const updateCartLine = async (variantId: number, quantity: number) =>
  (
    await api(`/v1/cart/${variantId}`, {
      method: 'PATCH',
      body: { quantity },
      schema: CartLineResponseSchema,
    })
  ).result;

export const withQuantity = (cart: CartEntry[], variantId: number, quantity: number): CartEntry[] =>
  cart.map((entry) => ({
    ...entry,
    variants: entry.variants.map((v) => (v.id === variantId ? { ...v, quantity } : v)),
  }));

export function useUpdateCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, quantity }: { variantId: number; quantity: number }) =>
      updateCartLine(variantId, quantity),
    meta: { errorMessage: 'Не удалось изменить количество' },
    onMutate: async ({ variantId, quantity }) => {
      await qc.cancelQueries({ queryKey: CART_QUERY_KEY });
      const previous = qc.getQueryData<CartEntry[]>(CART_QUERY_KEY);
      if (previous) qc.setQueryData(CART_QUERY_KEY, withQuantity(previous, variantId, quantity));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) qc.setQueryData(CART_QUERY_KEY, context.previous);
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: CART_LEN_QUERY_KEY }),
      ]),
  });
}
