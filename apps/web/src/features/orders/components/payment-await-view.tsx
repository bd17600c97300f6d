// payment-await?transaction_guid=: polls GET /payment/status and shows the wait, the success or
// the failure with the way on (to the order, paying again, the orders history).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
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

export function PaymentAwaitView({
  transactionGuid,
  afterPaid,
}: {
  transactionGuid: string;
  /** Shown under «Заказ оплачен» (the page composes it: Telegram's «allow messages» prompt). */
  afterPaid?: ReactNode;
}) {
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
      <Result icon={<ResultIcon kind="failure" />} title="Платёж не найден" live={false}>
        <p className="payment-result__text">Проверьте статус заказа в истории заказов.</p>
        <div className="payment-result__actions">
          <ButtonLink to={paths.ordersHistory}>Мои заказы</ButtonLink>
        </div>
      </Result>
    );
  }

  if (!status.data || outcome === 'pending') {
    return (
      <Result icon={<Spinner className="payment-result__spinner" />} title="Ждём подтверждения оплаты">
        <p className="payment-result__text">
          Обычно это занимает несколько секунд. Если вы закрыли страницу оплаты, вернитесь к заказу и оплатите
          снова.
        </p>
        <div className="payment-result__actions">
          <ButtonLink to={paths.ordersHistory} secondary>
            Мои заказы
          </ButtonLink>
        </div>
      </Result>
    );
  }

  const orderId = status.data.order_id;
  if (outcome === 'succeeded') {
    return (
      <Result icon={<ResultIcon kind="success" />} title="Заказ оплачен">
        <p className="payment-result__text">
          Спасибо за покупку! Заказ №{orderId} принят, мы сообщим в Telegram, когда он поедет к вам.
        </p>
        <div className="payment-result__actions">
          <ButtonLink to={paths.orderDetails(orderId)}>К заказу</ButtonLink>
          <ButtonLink to={paths.ordersHistory} secondary>
            Мои заказы
          </ButtonLink>
        </div>
        <HomeScreenOffer />
        {afterPaid}
      </Result>
    );
  }

  return (
    <Result icon={<ResultIcon kind="failure" />} title="Оплата не прошла">
      <p className="payment-result__text">
        Деньги не списаны. Заказ №{orderId} ждёт оплаты{left ? ` ещё ${left}` : ''} — попробуйте оплатить
        снова.
      </p>
      <div className="payment-result__actions">
        <Button fullWidth loading={pay.isPending} onClick={() => void pay.payOnce(orderId)}>
          Оплатить снова
        </Button>
        <ButtonLink to={paths.orderDetails(orderId)} secondary>
          К заказу
        </ButtonLink>
        <Link to={paths.ordersHistory} replace className="payment-result__link">
          Мои заказы
        </Link>
      </div>
    </Result>
  );
}

/** One outcome: its icon and title, then its text and ways on; announced as it changes. */
function Result({
  icon,
  title,
  live = true,
  children,
}: {
  icon: ReactNode;
  title: string;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="payment-result" role="status" aria-live={live ? 'polite' : undefined}>
      {icon}
      <h2 className="payment-result__title">{title}</h2>
      {children}
    </div>
  );
}

/** A way on that replaces this page in the history (back does not return to the wait). */
function ButtonLink({ to, secondary, children }: { to: string; secondary?: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      className={`button button--${secondary ? 'secondary' : 'primary'} button--large button--full`}
    >
      {children}
    </Link>
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
