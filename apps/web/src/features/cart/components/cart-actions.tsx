// The product drawer's cart buttons (docs/product.md §4, §8): "В корзину" adds the chosen variant (toast and
// haptic on success or failure) and becomes "В корзине", which then leads to /basket; "Купить
// сейчас" adds and goes to /basket. Without a chosen variant the drawer is asked to point at
// the size picker.
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useAddToCart } from '../api/add-to-cart.ts';
import { useCart } from '../api/get-cart.ts';
import './cart-actions.css';

export const CART_ADDED = 'Товар добавлен в корзину';
export { CART_FAILED } from '../api/add-to-cart.ts';

type Props = {
  productId: number;
  variantId: number | null;
  /** False when nothing can be bought (every variant sold out). */
  available: boolean;
  onNeedVariant: () => void;
  onLeave: () => void;
};

export function CartActions({ productId, variantId, available, onNeedVariant, onLeave }: Props) {
  const cart = useCart();
  const add = useAddToCart();
  const navigate = useNavigate();
  const inCart =
    variantId !== null && (cart.data ?? []).some((entry) => entry.variants.some((v) => v.id === variantId));

  const goToBasket = () => {
    onLeave();
    void navigate(paths.basket);
  };

  // A double tap adds once, with one toast.
  const addChosen = useSingleFlight(async (): Promise<boolean> => {
    if (variantId === null) {
      haptic.warning();
      onNeedVariant();
      return false;
    }
    try {
      await add.mutateAsync({ productId, variantId });
      notify.success(CART_ADDED);
      return true;
    } catch {
      // The toast and the error haptic come from the mutation's meta (app/query-client.ts).
      return false;
    }
  });

  if (!available) {
    return (
      <div className="cart-actions">
        <Button variant="secondary" fullWidth disabled>
          Нет в наличии
        </Button>
      </div>
    );
  }
  return (
    <div className="cart-actions">
      {inCart ? (
        <Button variant="light-primary" fullWidth onClick={goToBasket}>
          В корзине
        </Button>
      ) : (
        <Button fullWidth loading={add.isPending} onClick={() => void addChosen()}>
          В корзину
        </Button>
      )}
      <Button
        variant="secondary"
        fullWidth
        disabled={add.isPending}
        onClick={() => {
          if (inCart) {
            goToBasket();
            return;
          }
          void addChosen().then((ok) => ok && goToBasket());
        }}
      >
        Купить сейчас
      </Button>
    </div>
  );
}
