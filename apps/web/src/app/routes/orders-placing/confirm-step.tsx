import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { linesTotal, type CartLine } from '../../../features/cart/cart-lines.ts';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { useDeliveries } from '../../../features/delivery/api/get-deliveries.ts';
import { addressLine, recipientLine } from '../../../features/delivery/components/address-list.tsx';
import { pickAddress } from '../../../features/delivery/pick-address.ts';
import { formatPrice } from '../../../lib/price.ts';
import { PlacingLines, PlacingTotals } from './placing-lines.tsx';
import { usePlaceAndPay } from './use-place-and-pay.ts';

type Props = { lines: CartLine[]; onEdit: (step: number) => void };

export function ConfirmStep({ lines, onEdit }: Props) {
  const deliveries = useDeliveries();
  const deliveryId = useCheckoutStore((s) => s.deliveryId);
  // A new session has no chosen address yet: the default one is meant.
  const address = pickAddress(deliveries.data, deliveryId);
  const { placeAndPay, pending } = usePlaceAndPay({ lines, address, onEdit });

  return (
    <>
      <div className="placing-section">
        <h2 className="placing-section__title">Товары</h2>
        <PlacingLines lines={lines} />
      </div>
      <div className="placing-section">
        <h2 className="placing-section__title">Доставка</h2>
        {deliveries.isPending ? (
          <SkeletonBlock style={{ height: 64, borderRadius: 12 }} />
        ) : (
          <Summary
            text={address ? addressLine(address) : null}
            hint={address ? recipientLine(address) : 'Адрес не выбран'}
            onEdit={() => onEdit(1)}
          />
        )}
      </div>
      <div className="placing-section">
        <h2 className="placing-section__title">Данные для таможни</h2>
        <Summary
          text="Паспортные данные сохранены"
          hint="Нужны для таможенного оформления"
          onEdit={() => onEdit(2)}
        />
      </div>
      <PlacingTotals lines={lines} />
      <p className="placing-note">
        Нажимая «Оплатить», вы соглашаетесь с условиями доставки и оферты. Оплата откроется на защищённой
        странице.
      </p>
      <Button fixed loading={pending} disabled={!address} onClick={() => void placeAndPay()}>
        Оплатить {formatPrice(linesTotal(lines).sum)}
      </Button>
    </>
  );
}

function Summary({ text, hint, onEdit }: { text: string | null; hint: ReactNode; onEdit: () => void }) {
  return (
    <div className="placing-summary">
      <span className="placing-summary__text">
        {text && <span>{text}</span>}
        <span className="placing-summary__hint">{hint}</span>
      </span>
      <button type="button" className="placing-summary__edit" onClick={onEdit}>
        Изменить
      </button>
    </div>
  );
}
