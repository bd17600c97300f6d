// The heart on cards and in the product drawer (docs/product.md §4): on a non-favourite product it opens
// the favourites drawer to choose a size; on a favourite it removes it.
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { useFavoriteIds } from '../api/get-favorites.ts';
import { useRemoveFavorite } from '../api/remove-favorite.ts';
import { useFavoriteDrawerStore } from '../favorite-drawer-store.ts';
import './favorite-heart.css';

type Props = { productId: number; variant?: 'overlay' | 'plain' };

export function FavoriteHeart({ productId, variant = 'overlay' }: Props) {
  const ids = useFavoriteIds();
  const remove = useRemoveFavorite();
  const isFavorite = ids.data?.has(productId) ?? false;
  return (
    <button
      type="button"
      className={`favorite-heart favorite-heart--${variant}${isFavorite ? ' favorite-heart--on' : ''}`}
      aria-label={isFavorite ? 'Убрать из избранного' : 'В избранное'}
      aria-pressed={isFavorite}
      disabled={ids.isPending}
      onClick={(event) => {
        event.stopPropagation();
        if (isFavorite) {
          haptic.impact();
          remove.mutate(productId);
        } else {
          haptic.selection();
          useFavoriteDrawerStore.getState().open(productId);
        }
      }}
    >
      <HeartIcon fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
