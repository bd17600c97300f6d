// blogger/conclusion/payment: payout details (research §5.7); the amount comes from the previous
// step (`?amount=`), and a missing or wrong one sends the shopper back there.
import { Navigate, useSearchParams } from 'react-router';
import { BloggerPaymentView } from '../../../features/programmes/components/blogger-payment-view.tsx';
import { BloggerGate } from './use-blogger-gate.tsx';
import { paths } from '../../../lib/paths.ts';

export function Component() {
  const [params] = useSearchParams();
  const raw = params.get('amount') ?? '';
  const amount = /^\d{1,8}$/.test(raw) ? Number(raw) : 0;
  return (
    <section>
      <h1 className="page-title">Реквизиты для вывода</h1>
      <BloggerGate allowed={['dashboard']}>
        {(state) =>
          amount >= state.min_payout && amount <= state.balance.available && !state.balance.pending_payout ? (
            <BloggerPaymentView amount={amount} />
          ) : (
            <Navigate to={paths.bloggerConclusion} replace />
          )
        }
      </BloggerGate>
    </section>
  );
}
