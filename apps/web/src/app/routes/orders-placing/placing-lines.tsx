import { OrderLines, Totals } from '../../../components/ui/order-lines.tsx';
import { linesTotal, type CartLine } from '../../../features/cart/cart-lines.ts';
import { variantLabel } from '../../../lib/variant-label.ts';

export function PlacingLines({ lines }: { lines: readonly CartLine[] }) {
  return (
    <OrderLines
      label="Товары заказа"
      lines={lines.map(({ entry, variant }) => ({
        key: variant.id,
        image: variant.image ?? entry.product.image_src,
        title: entry.product.title,
        variant: variantLabel(variant),
        quantity: variant.quantity,
        price: variant.price,
      }))}
    />
  );
}

type Money = { total: number; discount: number; bonus_used: number; to_pay: number };

/** With the server's quote (docs/product.md §13) the goods' sum, discount and bonuses are its own. */
export function PlacingTotals({ lines, money }: { lines: readonly CartLine[]; money?: Money }) {
  const { units, sum } = linesTotal(lines);
  return (
    <Totals
      units={units}
      sum={money?.total ?? sum}
      discount={money?.discount}
      bonus={money?.bonus_used}
      toPay={money?.to_pay}
      sumLabel="К оплате"
      testId="placing-total"
    />
  );
}
