// favorites: the shopper's favourites, each with the size chosen for it.
import type { Favorite } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { FavoritesList } from '../../features/favorites/components/favorites-list.tsx';
import { productQueryOptions } from '../../features/product/api/get-product.ts';
import { variantLabel } from '../../lib/variant-label.ts';

/** The favourite's size, named from its product's variants (the product query the drawer reuses). */
function ChosenSize({ favorite }: { favorite: Favorite }) {
  const product = useQuery(productQueryOptions(favorite.product.id));
  const variant = product.data?.variants.find((v) => v.id === favorite.variant_id);
  if (variant) return <>{variantLabel(variant)}</>;
  return <>{product.isPending && favorite.variant_id !== null ? '…' : 'выбрать'}</>;
}

const renderSize = (favorite: Favorite) => <ChosenSize favorite={favorite} />;

export function Component() {
  return (
    <section className="favorites-page">
      <h1 className="page-title">Избранное</h1>
      <FavoritesList renderSize={renderSize} />
    </section>
  );
}
