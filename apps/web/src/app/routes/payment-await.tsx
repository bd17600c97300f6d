import { useSearchParams } from 'react-router';
import { PaymentAwaitView } from '../../features/orders/components/payment-await-view.tsx';
import { WriteAccessAsk } from '../../features/session/components/write-access-ask.tsx';

export function Component() {
  const [params] = useSearchParams();
  const guid = params.get('transaction_guid') ?? '';
  return (
    <section>
      <h1 className="page-title">Оплата заказа</h1>
      <PaymentAwaitView key={guid} transactionGuid={guid} afterPaid={<WriteAccessAsk />} />
    </section>
  );
}
