// Opens the payment page of an order awaiting payment: GET /order/payment_url/{id}, then the URL
// through Telegram's openLink (docs/product.md §1). The app itself goes to payment-await for that payment, so
// whichever way the shopper comes back (the deep link or simply switching back to Telegram) the
// outcome is polled and shown.
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { openExternalLink } from '../../telegram/links.ts';
import { getPaymentUrl } from './api/get-payment-url.ts';

export function usePayOrder() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: getPaymentUrl,
    onSuccess: ({ url, transaction_guid }) => {
      openExternalLink(url);
      void navigate(paths.paymentAwait(transaction_guid), { replace: true });
    },
    meta: { errorMessage: 'Не удалось открыть оплату' },
  });
  // «Оплатить» tapped twice asks for one payment link; the error toast comes from the mutation.
  const payOnce = useSingleFlight((orderId: number) => mutation.mutateAsync(orderId).catch(() => undefined));
  return { ...mutation, payOnce };
}
