// favorites: the shopper's favourites, each with the size chosen for it.
import type { Favorite } from '@shop/contract';
import { FavoritesList } from '../../features/favorites/components/favorites-list.tsx';
import { variantLabel } from '../../lib/variant-label.ts';

/**
 * The favourite's size from the variant GET /favorites answers with it — no product request per
 * entry. Null when none was chosen or it is no longer sold: then the shopper picks again.
 */
const renderSize = (favorite: Favorite) => (favorite.variant ? variantLabel(favorite.variant) : 'выбрать');

export function Component() {
  return (
    <section className="favorites-page">
      <h1 className="page-title">Избранное</h1>
      <FavoritesList renderSize={renderSize} />
    </section>
  );
}
