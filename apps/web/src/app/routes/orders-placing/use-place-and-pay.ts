// The order-then-pay policy of the confirm step: POST /order with the attempt's Idempotency-Key,
// then the payment link. What a failure means is read from its code, never its text.
import type { DeliveryAddress } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/notify.ts';
import { cartQueryOptions } from '../../../features/cart/api/get-cart.ts';
import { cartLines, type CartLine } from '../../../features/cart/cart-lines.ts';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { useCreateOrder } from '../../../features/orders/api/create-order.ts';
import { usePayOrder } from '../../../features/orders/use-pay-order.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { hasErrorCode } from '../../../lib/error-message.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { haptic } from '../../../telegram/haptics.ts';

type Options = {
  lines: readonly CartLine[];
  address: DeliveryAddress | undefined;
  onEdit: (step: number) => void;
  /** Bonuses, promo code and the amount the shopper sees (docs/product.md §13). */
  money?: { bonus_amount: number; promo_code: string | null; expected_to_pay: number } | null;
  /** The server's amount differs from the one shown (409 price_changed): show the new one. */
  onPriceChanged?: () => void;
};

export function usePlaceAndPay({ lines, address, onEdit, money, onPriceChanged }: Options) {
  const { idempotencyKey, finish } = useCheckoutStore();
  const createOrder = useCreateOrder();
  const pay = usePayOrder();
  const queryClient = useQueryClient();
  const pending = createOrder.isPending || pay.isPending;

  /**
   * The cart as it is now on the server, against the lines on screen: another tab (or device) may
   * have removed a line or changed a quantity since this page read it (issue 27: a second tab paid
   * for a line just removed). Fresh lines replace the cache, so the page shows what is left.
   */
  const linesStillInCart = async (): Promise<boolean> => {
    const fresh = cartLines(await queryClient.fetchQuery({ ...cartQueryOptions(), staleTime: 0 }));
    return lines.every((l) => {
      const now = fresh.find((f) => f.variant.id === l.variant.id);
      return now !== undefined && now.variant.quantity === l.variant.quantity && now.variant.qty > 0;
    });
  };

  // A double tap places one order.
  const placeAndPay = useSingleFlight(async () => {
    if (!address) return onEdit(1);
    haptic.impact('medium');
    let orderId: number;
    try {
      if (!(await linesStillInCart())) {
        notify.warning('Корзина изменилась', {
          description: 'Товары изменились в другой вкладке — проверьте заказ и нажмите «Оплатить» ещё раз.',
        });
        return;
      }
      // The same key on every retry of this attempt: a lost answer never makes a second order.
      const order = await createOrder.mutateAsync({
        key: idempotencyKey,
        body: {
          delivery_id: address.id,
          items: lines.map((l) => ({
            product_id: l.entry.product_id,
            variant_id: l.variant.id,
            quantity: l.variant.quantity,
          })),
          ...(money
            ? {
                bonus_amount: money.bonus_amount,
                ...(money.promo_code ? { promo_code: money.promo_code } : {}),
                expected_to_pay: money.expected_to_pay,
              }
            : {}),
        },
      });
      orderId = order.id;
    } catch (error) {
      // The mutation's error toast has told the shopper what went wrong.
      if (hasErrorCode(error, 'passport_required')) onEdit(2);
      // The total changed: the new one shows and the next press confirms it (a new attempt).
      else if (hasErrorCode(error, 'price_changed')) {
        const { start, variantIds } = useCheckoutStore.getState();
        start(variantIds);
        onPriceChanged?.();
      }
      // Refused (out of stock…): the next press is a new attempt. A network failure keeps the key.
      else if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) finish();
      return;
    }
    // Until the payment link opens, a retry replays the same key and so pays the same order;
    // after it, the next checkout is a new attempt.
    try {
      await pay.mutateAsync(orderId);
      finish();
    } catch {
      // The payment mutation has told the shopper; the key is kept for the retry.
    }
  });

  return { placeAndPay, pending };
}
