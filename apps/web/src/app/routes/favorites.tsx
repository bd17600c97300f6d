// favorites: the shopper's favourites.
import { FavoritesList } from '../../features/favorites/components/favorites-list.tsx';

export function Component() {
  return (
    <section className="favorites-page">
      <h1 className="page-title">Избранное</h1>
      <FavoritesList />
    </section>
  );
}
