import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartQueryOptions } from '../../../features/cart/api/get-cart.ts';
import { cartLines, type CartLine } from '../../../features/cart/cart-lines.ts';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';

/** The basket lines of this checkout, read fresh from the server (prices may have changed). */
export function useChosenLines() {
  const variantIds = useCheckoutStore((s) => s.variantIds);
  const cart = useQuery({ ...cartQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const lines = useMemo<CartLine[] | undefined>(() => {
    if (!cart.data) return undefined;
    const all = cartLines(cart.data);
    const chosen = variantIds.length > 0 ? all.filter((l) => variantIds.includes(l.variant.id)) : all;
    return chosen.filter((l) => l.variant.qty > 0);
  }, [cart.data, variantIds]);
  return { cart, lines };
}
