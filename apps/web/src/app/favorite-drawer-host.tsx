// Hosts the favourites drawer opened by any heart (docs/product.md §4): loads the product for its sizes
// when a heart is tapped; the drawer's code (react-hook-form, zod) once the first screen is idle or
// on the touch of a heart.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFavoriteDrawerStore } from '../features/favorites/favorite-drawer-store.ts';
import { productQueryOptions } from '../features/product/api/get-product.ts';
import { whenFirstScreenIdle } from '../lib/first-screen-idle.ts';
import { lazyLayer, useLingering, useTouchOf } from '../lib/lazy-layer.tsx';
import { loadZodAhead } from '../lib/zod-ahead.ts';

// A lazy layer, not `React.lazy` under `<Suspense>`: no ≥ 300 ms hold on the first heart tap
// (docs/decisions/032). Its code loads once the first screen is idle or on the touch of a heart.
const FavoriteDrawer = lazyLayer(() => import('../features/favorites/components/favorite-drawer.tsx'));

export function FavoriteDrawerHost() {
  const productId = useFavoriteDrawerStore((s) => s.productId);
  const variantId = useFavoriteDrawerStore((s) => s.variantId);
  const shown = useLingering(productId);
  const product = useQuery(productQueryOptions(shown));
  // zod first, evaluated in a task of its own, then the drawer's code (lib/zod-ahead.ts).
  useEffect(() => whenFirstScreenIdle(() => loadZodAhead().then(FavoriteDrawer.preload)), []);
  useTouchOf('.favorite-heart', FavoriteDrawer.preload);

  if (shown === null) return null;
  return (
    <FavoriteDrawer
      key={shown}
      open={productId !== null}
      onOpenChange={(open) => !open && useFavoriteDrawerStore.getState().close()}
      product={product.data}
      loading={product.isPending}
      initialVariantId={variantId}
    />
  );
}
