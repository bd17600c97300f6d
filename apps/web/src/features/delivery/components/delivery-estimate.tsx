// The product page's «Доставим 12–19 декабря» to the shopper's default delivery (docs/product.md
// §11.9); nothing until one with a carrier city is saved, and nothing while it is being asked.
import { quoteDestination, useDeliveryQuote } from '../api/carrier.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { pickAddress } from '../pick-address.ts';
import { deliveryWhen } from './delivery-quote-lines.tsx';
import './delivery-form.css';

export function DeliveryEstimate({ variantId }: { variantId: number }) {
  const deliveries = useDeliveries();
  const address = pickAddress(deliveries.data, null);
  const destination = address ? quoteDestination(address) : null;
  const quote = useDeliveryQuote(
    destination ? { ...destination, items: [{ variant_id: variantId, quantity: 1 }] } : null,
  );
  if (!quote.data || !address) return null;
  return (
    <p className="delivery-estimate" data-testid="delivery-estimate">
      {deliveryWhen(quote.data)}
      {address.kind === 'pickup' ? ' в пункт выдачи' : ' курьером'}
    </p>
  );
}
