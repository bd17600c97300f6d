// What a basket line's taps do: a quantity change, a removal that a toast can take back
// («Вернуть» puts the line back with its quantity, within sonner's usual time) and a move to the
// favourites (the page lends the favourites' add, `toFavorites`: features never import each other).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/notify.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { CART_LEN_QUERY_KEY } from '../api/get-cart-len.ts';
import { CART_QUERY_KEY } from '../api/get-cart.ts';
import { removeCartLine, useRemoveCartLine } from '../api/remove-cart-line.ts';
import { useRestoreCartLine, type RemovedLine } from '../api/restore-cart-line.ts';
import { useUpdateCartLine } from '../api/update-cart-line.ts';
import type { CartLine } from '../cart-lines.ts';

export type ToFavorites = (line: { product_id: number; variant_id: number }) => Promise<unknown>;

const removedOf = ({ entry, variant }: CartLine): RemovedLine => ({
  productId: entry.product_id,
  variantId: variant.id,
  quantity: variant.quantity,
});

export function useLineActions(toFavorites: ToFavorites | undefined) {
  const qc = useQueryClient();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const restore = useRestoreCartLine();
  const move = useMutation({
    mutationFn: async (line: CartLine) => {
      await toFavorites?.({ product_id: line.entry.product_id, variant_id: line.variant.id });
      await removeCartLine(line.variant.id);
    },
    meta: { errorMessage: 'Не удалось перенести в избранное' },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: CART_LEN_QUERY_KEY }),
      ]),
  });

  const undoable = (message: string, line: RemovedLine) =>
    notify.success(message, { action: { label: 'Вернуть', onClick: () => restore.mutate(line) } });

  const removeLine = (line: CartLine) => {
    haptic.impact('medium');
    const removed = removedOf(line);
    remove.mutate(line.variant.id, { onSuccess: () => undoable('Товар удалён из корзины', removed) });
  };

  const setQuantity = (line: CartLine, quantity: number) => {
    if (quantity < 1) {
      removeLine(line);
      return;
    }
    haptic.selection();
    update.mutate({ variantId: line.variant.id, quantity });
  };

  const moveToFavorites = toFavorites
    ? (line: CartLine) => {
        haptic.impact('light');
        const removed = removedOf(line);
        move.mutate(line, { onSuccess: () => undoable('Товар перенесён в избранное', removed) });
      }
    : undefined;

  return { removeLine, setQuantity, moveToFavorites, moving: move.isPending };
}
