// The lines and totals of an order, the same on the checkout and on an order's page: picture,
// title, variant and quantity, line sum; then units, free delivery and the sum to pay.
import { countRu } from '../../lib/format.ts';
import { ITEM_FORMS } from '../../lib/plural.ts';
import { formatPrice } from '../../lib/price.ts';
import { ProductImage } from './product-image.tsx';
import './order-lines.css';

export type OrderLine = {
  key: number;
  image: string | null;
  title: string;
  /** The variant's name (lib/variant-label.ts). */
  variant: string;
  quantity: number;
  price: number;
};

export function OrderLines({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className="order-line">
          <span className="product-thumb order-line__image">
            <ProductImage src={line.image} size={{ width: 160 }} alt={line.title} loading="lazy" />
          </span>
          <span className="order-line__body">
            <span className="order-line__title">{line.title}</span>
            <span className="order-line__variant">
              {line.variant}
              {` · ${line.quantity} шт.`}
            </span>
          </span>
          <span className="order-line__price">{formatPrice(line.price * line.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

type TotalsProps = {
  units: number;
  sum: number;
  sumLabel: string;
  testId?: string;
  /** Promo discount, roubles (docs/product.md §13); a row when above 0. */
  discount?: number;
  /** Bonuses paying for the order, roubles; a row when above 0. */
  bonus?: number;
  /** The amount to pay when it differs from the goods' sum. */
  toPay?: number;
};

export function Totals({ units, sum, sumLabel, testId, discount = 0, bonus = 0, toPay }: TotalsProps) {
  return (
    <div className="order-totals">
      <p className="order-totals__row">
        <span>{countRu(units, ITEM_FORMS)}</span>
        <span>{formatPrice(sum)}</span>
      </p>
      <p className="order-totals__row">
        <span>Доставка</span>
        <span>При получении</span>
      </p>
      {discount > 0 && (
        <p className="order-totals__row">
          <span>Скидка по промокоду</span>
          <span data-testid={testId ? `${testId}-discount` : undefined}>−{formatPrice(discount)}</span>
        </p>
      )}
      {bonus > 0 && (
        <p className="order-totals__row">
          <span>Бонусами</span>
          <span data-testid={testId ? `${testId}-bonus` : undefined}>−{formatPrice(bonus)}</span>
        </p>
      )}
      <p className="order-totals__row order-totals__row--sum">
        <span>{sumLabel}</span>
        <span data-testid={testId}>{formatPrice(toPay ?? sum)}</span>
      </p>
    </div>
  );
}
