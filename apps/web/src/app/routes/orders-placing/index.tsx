// orders/placing?step=N (docs/product.md §11): 0 the chosen basket lines with prices re-read from the
// server, 1 delivery, 2 customs data, 3 confirm and pay. Forward steps push history; the back
// button rules go one step back.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { PlacingSteps, parseStep } from '../../../features/checkout/components/placing-steps.tsx';
import { useClosingConfirmation } from '../../../telegram/closing-confirmation.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { DeliveryStep } from './delivery-step.tsx';
import { ItemsStep } from './items-step.tsx';
import { PassportStep } from './passport-step.tsx';
import { useChosenLines } from './use-chosen-lines.ts';
import { paths } from '../../../lib/paths.ts';

export function Component() {
  const [params] = useSearchParams();
  const step = parseStep(params.get('step'));
  const navigate = useNavigate();
  const goTo = (next: number) => {
    haptic.impact();
    void navigate(paths.placing(next));
    window.scrollTo({ top: 0 });
  };
  const { cart, lines } = useChosenLines();
  // An address or passport typed and not saved, kept while the shopper moves between the steps:
  // closing the app asks first (the forms themselves ask while they are on screen).
  const holdsDraft = useCheckoutStore((s) => s.deliveryDraft !== null || s.passportDraft !== null);
  useClosingConfirmation(holdsDraft);

  return (
    <section className="placing">
      <PlacingSteps step={step} />
      {cart.isPending ? (
        <LinesSkeleton />
      ) : !lines || lines.length === 0 ? (
        <div className="placing-empty">
          <p className="placing-empty__title">Нечего оформлять</p>
          <p className="placing-empty__hint">Выберите товары в корзине</p>
          <Link to={paths.basket} replace className="button button--primary button--medium">
            В корзину
          </Link>
        </div>
      ) : step === 0 ? (
        <ItemsStep lines={lines} onNext={() => goTo(1)} />
      ) : step === 1 ? (
        <DeliveryStep onNext={() => goTo(2)} />
      ) : step === 2 ? (
        <PassportStep onNext={() => goTo(3)} />
      ) : (
        <ConfirmStep lines={lines} onEdit={(s) => goTo(s)} />
      )}
    </section>
  );
}

function LinesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Загрузка">
      <SkeletonBlock style={{ height: 88 * 2, borderRadius: 12, marginBottom: 16 }} />
      <SkeletonBlock style={{ height: 110, borderRadius: 12 }} />
    </div>
  );
}
