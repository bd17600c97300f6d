import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { linesTotal, type CartLine } from '../../../features/cart/cart-lines.ts';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { useDeliveries } from '../../../features/delivery/api/get-deliveries.ts';
import { addressLine, recipientLine } from '../../../features/delivery/components/address-list.tsx';
import { pickAddress } from '../../../features/delivery/pick-address.ts';
import { quoteDestination, useDeliveryQuote } from '../../../features/delivery/api/carrier.ts';
import { DeliveryQuoteLines } from '../../../features/delivery/components/delivery-quote-lines.tsx';
import { useCheckoutQuote } from '../../../features/programmes/api/checkout.ts';
import { CheckoutMoney } from '../../../features/programmes/components/checkout-money.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { PlacingLines, PlacingTotals } from './placing-lines.tsx';
import { usePlaceAndPay } from './use-place-and-pay.ts';

type Props = { lines: CartLine[]; onEdit: (step: number) => void };

/** «As many bonuses as this order allows»: the quote caps it at the usable amount. */
const QUOTE_ALL_BONUSES = 1_000_000_000;

export function ConfirmStep({ lines, onEdit }: Props) {
  const deliveries = useDeliveries();
  const deliveryId = useCheckoutStore((s) => s.deliveryId);
  // A new session has no chosen address yet: the default one is meant.
  const address = pickAddress(deliveries.data, deliveryId);
  // Bonuses and promo code (docs/product.md §13): the server quotes the money for these lines.
  const [useBonus, setUseBonus] = useState(false);
  const [promo, setPromo] = useState<string | null>(null);
  const items = lines.map((l) => ({
    product_id: l.entry.product_id,
    variant_id: l.variant.id,
    quantity: l.variant.quantity,
  }));
  const quote = useCheckoutQuote({
    items,
    ...(promo ? { promo_code: promo } : {}),
    bonus_amount: useBonus ? QUOTE_ALL_BONUSES : 0,
  });
  const money = quote.data
    ? {
        bonus_amount: quote.data.bonus_used,
        promo_code: quote.data.promo && !quote.data.promo.auto ? quote.data.promo.code : null,
        expected_to_pay: quote.data.to_pay,
      }
    : null;
  const { placeAndPay, pending } = usePlaceAndPay({
    lines,
    address,
    onEdit,
    money,
    onPriceChanged: () => {
      void quote.refetch().then((r) => {
        if (r.data)
          notify.warning(
            `Сумма заказа изменилась: теперь ${formatPrice(r.data.to_pay)}. Проверьте и подтвердите снова`,
          );
      });
    },
  });
  const toPay = quote.data?.to_pay ?? linesTotal(lines).sum;
  // The carrier's price and dates and the duty for these lines to the chosen point or door.
  const destination = address ? quoteDestination(address) : null;
  const delivery = useDeliveryQuote(
    destination && lines.length > 0
      ? {
          ...destination,
          items: lines.map((l) => ({ variant_id: l.variant.id, quantity: l.variant.quantity })),
        }
      : null,
  );

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
        {destination && (
          <div className="placing-delivery-quote">
            <DeliveryQuoteLines
              quote={delivery.data}
              pending={delivery.isPending}
              failed={delivery.isError}
            />
          </div>
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
      <CheckoutMoney
        items={items}
        quote={quote.data}
        useBonus={useBonus}
        onUseBonusChange={setUseBonus}
        promo={promo}
        onPromoChange={setPromo}
      />
      <PlacingTotals lines={lines} money={quote.data} />
      <p className="placing-note">
        Нажимая «Оплатить», вы соглашаетесь с условиями доставки и оферты. Оплата откроется на защищённой
        странице.
      </p>
      <Button
        fixed
        loading={pending}
        disabled={!address || (quote.isFetching && quote.isPlaceholderData)}
        onClick={() => void placeAndPay()}
      >
        Оплатить {formatPrice(toPay)}
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
