// The basket page: the cart feature's lines and selection; ordering starts a checkout attempt
// with the chosen lines and goes to step 0 of order placing.
import { useNavigate } from 'react-router';
import { BasketView } from '../../features/cart/components/basket-view.tsx';
import { WelcomeBonusNote } from '../../features/programmes/components/welcome-bonus-note.tsx';
import { useCheckoutStore } from '../../features/checkout/checkout-store.ts';
import { paths } from '../../lib/paths.ts';

export function Component() {
  const navigate = useNavigate();
  const start = useCheckoutStore((s) => s.start);
  return (
    <section className="basket-page">
      <h1 className="page-title">Корзина</h1>
      <WelcomeBonusNote where="basket" />
      <BasketView
        onCheckout={(variantIds) => {
          start(variantIds);
          void navigate(paths.placing(0));
        }}
      />
    </section>
  );
}
