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

export function PlacingTotals({ lines }: { lines: readonly CartLine[] }) {
  const { units, sum } = linesTotal(lines);
  return <Totals units={units} sum={sum} sumLabel="К оплате" testId="placing-total" />;
}
