// The product drawer as pages see it: the product feature's sheet with the cart feature's
// buttons and the favourites feature's heart (features never import each other; this module
// composes them and loads only when a product is opened).
import { useEffect } from 'react';
import { CartActions } from '../features/cart/components/cart-actions.tsx';
import { FavoriteHeart } from '../features/favorites/components/favorite-heart.tsx';
import ProductDrawer from '../features/product/components/product-drawer.tsx';
import { lazyLayer } from '../lib/lazy-layer.tsx';

// The delivery dates under the price load apart from the drawer: their code (the delivery feature,
// its schemas) is not on the way to the product's first paint, and their answer comes later anyway.
const DeliveryEstimate = lazyLayer<{ variantId: number }>(() =>
  import('../features/delivery/components/delivery-estimate.tsx').then((m) => ({ default: m.DeliveryEstimate })),
);

type Props = { productId: number; open: boolean; onOpenChange: (open: boolean) => void; atRest?: boolean };

export default function ProductDrawerComposed(props: Props) {
  // The delivery line's code is asked for when the sheet opens, in a task of its own: asked for by
  // the line itself, its links (a dozen `modulepreload`s and stylesheets added to the document) were
  // added in the task that ran the product body's effects (docs/decisions/083).
  useEffect(() => {
    const timer = setTimeout(() => void DeliveryEstimate.preload(), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ProductDrawer
      {...props}
      renderHeart={(id) => <FavoriteHeart productId={id} />}
      renderDelivery={(product) =>
        product.variants[0] ? <DeliveryEstimate variantId={product.variants[0].id} /> : null
      }
      renderActions={({ product, variantId, available, onNeedVariant, onLeave }) => (
        <CartActions
          productId={product.id}
          variantId={variantId}
          available={available}
          onNeedVariant={onNeedVariant}
          onLeave={onLeave}
        />
      )}
    />
  );
}
