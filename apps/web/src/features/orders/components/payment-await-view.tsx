// payment-await?transaction_guid=: polls GET /payment/status and shows the wait, the success or
// the failure with the way on (to the order, paying again, the orders history).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { HomeScreenOffer } from './home-screen-offer.tsx';
import { orderQueryOptions } from '../api/get-order.ts';
import { usePaymentStatus } from '../api/get-payment-status.ts';
import { paymentTimeLeft } from '../order-status.ts';
import { usePayOrder } from '../use-pay-order.ts';
import './orders.css';
import { paths } from '../../../lib/paths.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

export function PaymentAwaitView({ transactionGuid }: { transactionGuid: string }) {
  const status = usePaymentStatus(transactionGuid);
  const qc = useQueryClient();
  const pay = usePayOrder();
  const outcome = status.data?.status;
  // A failed payment leaves the order waiting; how long it keeps its stock is the order's own.
  const failed = outcome !== undefined && outcome !== 'pending' && outcome !== 'succeeded';
  const failedOrderId = failed ? status.data?.order_id : undefined;
  const failedOrder = useQuery({ ...orderQueryOptions(failedOrderId ?? 0), enabled: !!failedOrderId });
  const left = paymentTimeLeft(failedOrder.data?.expires_at);

  useEffect(() => {
    if (outcome === 'succeeded') haptic.success();
    if (outcome === 'canceled') haptic.error();
    // The order changed: every order list and the order itself are read again.
    if (outcome && outcome !== 'pending') void qc.invalidateQueries({ queryKey: queryKeys.orders });
  }, [outcome, qc]);

  // A check that failed (network, server) is not a missing payment: say so and let it retry.
  const notFound =
    !transactionGuid ||
    (status.isError && status.error instanceof ApiRequestError && status.error.status < 500);
  if (status.isError && !notFound) {
    return (
      <LoadError
        title="Не удалось проверить оплату"
        text="Оплата могла пройти: проверим ещё раз, как только связь восстановится."
        onRetry={status.refetch}
        retrying={status.isFetching}
      />
    );
  }

  if (notFound) {
    return (
      <div className="payment-result" role="status">
        <ResultIcon kind="failure" />
        <h2 className="payment-result__title">Платёж не найден</h2>
        <p className="payment-result__text">Проверьте статус заказа в истории заказов.</p>
        <div className="payment-result__actions">
          <Link
            to={paths.ordersHistory}
            replace
            className="button button--primary button--large button--full"
          >
            Мои заказы
          </Link>
        </div>
      </div>
    );
  }

  if (!status.data || outcome === 'pending') {
    return (
      <div className="payment-result" role="status" aria-live="polite">
        <Spinner className="payment-result__spinner" />
        <h2 className="payment-result__title">Ждём подтверждения оплаты</h2>
        <p className="payment-result__text">
          Обычно это занимает несколько секунд. Если вы закрыли страницу оплаты, вернитесь к заказу и оплатите
          снова.
        </p>
        <div className="payment-result__actions">
          <Link
            to={paths.ordersHistory}
            replace
            className="button button--secondary button--large button--full"
          >
            Мои заказы
          </Link>
        </div>
      </div>
    );
  }

  const orderId = status.data.order_id;
  if (outcome === 'succeeded') {
    return (
      <div className="payment-result" role="status" aria-live="polite">
        <ResultIcon kind="success" />
        <h2 className="payment-result__title">Заказ оплачен</h2>
        <p className="payment-result__text">
          Спасибо за покупку! Заказ №{orderId} принят, мы сообщим в Telegram, когда он поедет к вам.
        </p>
        <div className="payment-result__actions">
          <Link
            to={paths.orderDetails(orderId)}
            replace
            className="button button--primary button--large button--full"
          >
            К заказу
          </Link>
          <Link
            to={paths.ordersHistory}
            replace
            className="button button--secondary button--large button--full"
          >
            Мои заказы
          </Link>
        </div>
        <HomeScreenOffer />
      </div>
    );
  }

  return (
    <div className="payment-result" role="status" aria-live="polite">
      <ResultIcon kind="failure" />
      <h2 className="payment-result__title">Оплата не прошла</h2>
      <p className="payment-result__text">
        Деньги не списаны. Заказ №{orderId} ждёт оплаты{left ? ` ещё ${left}` : ''} — попробуйте оплатить
        снова.
      </p>
      <div className="payment-result__actions">
        <Button fullWidth loading={pay.isPending} onClick={() => void pay.payOnce(orderId)}>
          Оплатить снова
        </Button>
        <Link
          to={paths.orderDetails(orderId)}
          replace
          className="button button--secondary button--large button--full"
        >
          К заказу
        </Link>
        <Link to={paths.ordersHistory} replace className="payment-result__link">
          Мои заказы
        </Link>
      </div>
    </div>
  );
}

function ResultIcon({ kind }: { kind: 'success' | 'failure' }) {
  return (
    <span className={`payment-result__icon payment-result__icon--${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24">
        {kind === 'success' ? <path d="m6 12.5 4 4 8-9" /> : <path d="M7 7l10 10M17 7 7 17" />}
      </svg>
    </span>
  );
}
