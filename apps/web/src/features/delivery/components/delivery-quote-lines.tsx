// The delivery lines before payment (docs/product.md §11.9): the carrier's price (paid on
// receipt), «Доставим 12–19 декабря», and «Пошлина ≈ X ₽» when the parcel is over the duty-free
// threshold.
import type { DeliveryQuote } from '@shop/contract';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatDayRange } from '../../../lib/format.ts';
import { formatPrice } from '../../../lib/price.ts';

export const deliveryWhen = (q: Pick<DeliveryQuote, 'date_from' | 'date_to'>) =>
  `Доставим ${formatDayRange(q.date_from, q.date_to)}`;

type Props = { quote: DeliveryQuote | null | undefined; pending?: boolean; failed?: boolean };

export function DeliveryQuoteLines({ quote, pending, failed }: Props) {
  if (pending) return <SkeletonBlock style={{ height: 60, borderRadius: 12 }} />;
  if (failed || !quote)
    return <p className="delivery-quote__note">Стоимость доставки сообщим после оформления.</p>;
  return (
    <dl className="delivery-quote" aria-label="Доставка и пошлина">
      <div className="delivery-quote__row">
        <dt>{deliveryWhen(quote)}</dt>
        <dd>{formatPrice(quote.price)}</dd>
      </div>
      {quote.duty && (
        <div className="delivery-quote__row">
          <dt>Пошлина ≈ {formatPrice(quote.duty.amount)}</dt>
          <dd className="delivery-quote__hint">{quote.duty.rule}</dd>
        </div>
      )}
      <p className="delivery-quote__note">
        {quote.duty
          ? 'Доставку и пошлину оплачивают при получении. Товары дороже 200 € облагаются пошлиной.'
          : 'Доставку оплачивают при получении.'}
      </p>
    </dl>
  );
}
