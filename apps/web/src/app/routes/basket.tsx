// The basket page: the cart feature's lines and selection; ordering starts a checkout attempt
// with the chosen lines and goes to step 0 of order placing; «В избранное» on a line lends the
// favourites' add to the basket (features never import each other).
import { useNavigate } from 'react-router';
import { BasketView } from '../../features/cart/components/basket-view.tsx';
import { useAddFavorite } from '../../features/favorites/api/add-favorite.ts';
import { WelcomeBonusNote } from '../../features/programmes/components/welcome-bonus-note.tsx';
import { useCheckoutStore } from '../../features/checkout/checkout-store.ts';
import { paths } from '../../lib/paths.ts';

export function Component() {
  const navigate = useNavigate();
  const start = useCheckoutStore((s) => s.start);
  const addFavorite = useAddFavorite();
  return (
    <section className="basket-page">
      <h1 className="page-title">Корзина</h1>
      <WelcomeBonusNote where="basket" />
      <BasketView
        toFavorites={addFavorite.mutateAsync}
        onCheckout={(variantIds) => {
          start(variantIds);
          void navigate(paths.placing(0));
        }}
      />
    </section>
  );
}
