import { Button } from '../../../components/ui/button.tsx';
import type { CartLine } from '../../../features/cart/cart-lines.ts';
import { PlacingLines, PlacingTotals } from './placing-lines.tsx';

export function ItemsStep({ lines, onNext }: { lines: CartLine[]; onNext: () => void }) {
  return (
    <>
      <div className="placing-section">
        <PlacingLines lines={lines} />
      </div>
      <PlacingTotals lines={lines} />
      <p className="placing-note">Цены актуальны на сейчас и фиксируются при оформлении заказа.</p>
      <Button fixed onClick={onNext}>
        Далее
      </Button>
    </>
  );
}
