// favorites: the shopper's favourites, each with the size chosen for it.
import type { Favorite } from '@shop/contract';
import { FavoritesList } from '../../features/favorites/components/favorites-list.tsx';
import { sizeName } from '../../lib/variant-label.ts';

/**
 * The favourite's size from the variant GET /favorites answers with it — no product request per
 * entry. Null when none was chosen or it is no longer sold: then the shopper picks again.
 */
const renderSize = (favorite: Favorite) => {
  const v = favorite.variant;
  if (!v) return 'Размер: выбрать';
  // Each value named as what it is: a colour is never read as a size («Размер: Бежевый · 39 EU»,
  // issue 27).
  const size = sizeName(v);
  if (v.color && size) return `${v.color}, размер ${size}`;
  if (size) return `Размер: ${size}`;
  return v.color ? `Цвет: ${v.color}` : 'Размер: выбрать';
};

export function Component() {
  return (
    <section className="favorites-page">
      <h1 className="page-title">Избранное</h1>
      <FavoritesList renderSize={renderSize} />
    </section>
  );
}
