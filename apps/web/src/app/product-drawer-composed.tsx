// The product drawer as pages see it: the product feature's sheet with the cart feature's
// buttons and the favourites feature's heart (features never import each other; this module
// composes them and loads only when a product is opened).
import { CartActions } from '../features/cart/components/cart-actions.tsx';
import { FavoriteHeart } from '../features/favorites/components/favorite-heart.tsx';
import { DeliveryEstimate } from '../features/delivery/components/delivery-estimate.tsx';
import ProductDrawer from '../features/product/components/product-drawer.tsx';

type Props = { productId: number; open: boolean; onOpenChange: (open: boolean) => void };

export default function ProductDrawerComposed(props: Props) {
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
