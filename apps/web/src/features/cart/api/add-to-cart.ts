// POST /api/v1/cart: one unit of a variant (quantity always 1, docs/product.md §7); afterwards the carts and
// cartsLength caches refresh.
// The answer is typed, not parsed (no zod in the product drawer's code, docs/decisions/032): the
// server validates the body against the contract's AddToCartBodySchema and builds the answer from it.
import type { AddToCartBody, CartLineResponseSchema } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './get-cart.ts';
import { CART_LEN_QUERY_KEY } from './get-cart-len.ts';

/** The spec's toast when adding fails (docs/product.md §8), with an error haptic. */
export const CART_FAILED = 'Ошибка при добавлении в корзину';

export const addToCart = async ({ productId, variantId }: { productId: number; variantId: number }) =>
  (
    await api<Answer<typeof CartLineResponseSchema>>('/v1/cart', {
      method: 'POST',
      body: { product_id: productId, variant_id: variantId, quantity: 1 } satisfies AddToCartBody,
    })
  ).result;

export const useAddToCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    meta: { errorToast: CART_FAILED },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CART_LEN_QUERY_KEY }),
      ]),
  });
};
