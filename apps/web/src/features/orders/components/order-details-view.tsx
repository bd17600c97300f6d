// orders/details/{id}: status with the progress line, the lines, delivery and payment (the
// "Оплатить" button while the order awaits payment).
import { SHIPMENT_STATUS_RU, type Order } from '@shop/contract';
import { StoredLink } from '../../../components/ui/stored-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { OrderLines, Totals } from '../../../components/ui/order-lines.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { countRu, formatDateRu, formatDayRange } from '../../../lib/format.ts';
import { ITEM_FORMS } from '../../../lib/plural.ts';
import { formatPhoneInput } from '../../../lib/phone.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useOrder } from '../api/get-order.ts';
import { PROGRESS_STEPS, paymentTimeLeft, progressIndex } from '../order-status.ts';
import { usePayOrder } from '../use-pay-order.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import './orders.css';
import { variantLabel } from '../../../lib/variant-label.ts';

export function OrderDetailsView({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (order.isPending) return <OrderDetailsSkeleton />;
  if (order.isError)
    return (
      <LoadError
        title="Не удалось загрузить заказ"
        text={order.error.message || undefined}
        onRetry={order.refetch}
        retrying={order.isFetching}
      />
    );
  return <OrderDetails order={order.data} />;
}

export function OrderDetails({ order }: { order: Order }) {
  const pay = usePayOrder();
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="order-details">
      <section className="order-section">
        <div className="order-card__head">
          <h1 className="order-details__title">Заказ №{order.id}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="order-card__date">от {formatDateRu(order.created_at)}</p>
        <OrderProgress order={order} />
      </section>

      <OrderTimeline order={order} />

      <section className="order-section" aria-labelledby="order-items">
        <h2 id="order-items" className="order-section__title">
          {countRu(units, ITEM_FORMS)}
        </h2>
        <OrderLines
          label="Товары заказа"
          lines={order.items.map((item) => ({
            key: item.variant_id,
            image: item.image,
            title: item.title,
            variant: variantLabel(item),
            quantity: item.quantity,
            price: item.price,
          }))}
        />
      </section>

      <section className="order-section" aria-labelledby="order-delivery">
        <h2 id="order-delivery" className="order-section__title">
          Доставка
        </h2>
        {order.delivery.kind === 'pickup' ? (
          <>
            <p className="order-kv">Пункт выдачи: {order.delivery.address}</p>
            {order.delivery.point_hours && (
              <p className="order-kv order-kv--hint">{order.delivery.point_hours}</p>
            )}
          </>
        ) : (
          <p className="order-kv">
            {order.delivery.city}, {order.delivery.address}
          </p>
        )}
        <p className="order-kv order-kv--hint">
          {order.delivery.last_name} {order.delivery.fio} ·{' '}
          <span className="phone">{formatPhoneInput(order.delivery.phone_number)}</span>
        </p>
        {order.delivery_quote && (
          <>
            <p className="order-kv">Доставка {formatPrice(order.delivery_quote.price)} · при получении</p>
            {isActiveStatusForDates(order) && (
              <p className="order-kv order-kv--hint">
                Ожидаемая доставка:{' '}
                {formatDayRange(order.delivery_quote.date_from, order.delivery_quote.date_to)}
              </p>
            )}
            {order.delivery_quote.duty && (
              <p className="order-kv">
                Пошлина ≈ {formatPrice(order.delivery_quote.duty.amount)} · при получении
              </p>
            )}
          </>
        )}
      </section>

      <section className="order-section" aria-labelledby="order-payment">
        <h2 id="order-payment" className="order-section__title">
          Оплата
        </h2>
        <Totals units={units} sum={order.total} sumLabel="Итого" />
        <p className="order-kv order-kv--hint">
          {order.status === 'awaiting_payment'
            ? awaitingPaymentNote(order.expires_at)
            : order.status === 'canceled'
              ? 'Заказ отменён.'
              : order.status === 'refunded'
                ? 'Деньги возвращены.'
                : 'Оплачено картой.'}
        </p>
      </section>

      {order.status === 'awaiting_payment' && (
        <Button
          fixed
          loading={pay.isPending}
          onClick={() => {
            haptic.impact();
            void pay.payOnce(order.id);
          }}
        >
          Оплатить {formatPrice(order.total)}
        </Button>
      )}
    </div>
  );
}

function OrderProgress({ order }: { order: Order }) {
  const at = progressIndex(order.status);
  if (at < 0) return null;
  const current = PROGRESS_STEPS[at];
  return (
    <div className="order-progress" aria-label={`Этап: ${current?.label ?? ''}`}>
      <ol className="order-progress__bar">
        {PROGRESS_STEPS.map((step, i) => (
          <li
            key={step.status}
            className={`order-progress__step${i <= at ? ' order-progress__step--done' : ''}${i === at ? ' order-progress__step--current' : ''}`}
            title={step.label}
          />
        ))}
      </ol>
      <div className="order-progress__labels">
        <span className="order-progress__current">{current?.label}</span>
        <span>
          этап {at + 1} из {PROGRESS_STEPS.length}
        </span>
      </div>
    </div>
  );
}

const isActiveStatusForDates = (order: Order) =>
  order.status !== 'completed' && order.status !== 'canceled' && order.status !== 'refunded';

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/**
 * The order's way (docs/product.md §11.9): each step of the progress line it reached, with its
 * date, then the parcels with their carrier, number, status and tracking link.
 */
function OrderTimeline({ order }: { order: Order }) {
  const timeline = order.timeline ?? [];
  const shipments = order.shipments ?? [];
  if (progressIndex(order.status) < 0 || timeline.length === 0) return null;
  const reached = new Map(timeline.map((t) => [t.status, t.at]));
  return (
    <section className="order-section" aria-labelledby="order-way">
      <h2 id="order-way" className="order-section__title">
        Путь заказа
      </h2>
      <ol className="order-timeline">
        {PROGRESS_STEPS.map((step) => {
          const at = reached.get(step.status);
          return (
            <li
              key={step.status}
              className={`order-timeline__step${at ? ' order-timeline__step--done' : ''}`}
            >
              <span className="order-timeline__label">{step.label}</span>
              <span className="order-timeline__date">{at ? dateTime.format(new Date(at)) : '—'}</span>
            </li>
          );
        })}
      </ol>
      {shipments.map((s) => (
        <div key={s.id} className="order-parcel">
          <p className="order-kv">
            {s.leg === 'china' ? 'Из Китая' : 'По России'} · {s.carrier === 'cdek' ? 'СДЭК' : s.carrier}
            {s.number ? ` · ${s.number}` : ''}
          </p>
          <p className="order-kv order-kv--hint">
            {SHIPMENT_STATUS_RU[s.status]}
            {s.events.length > 0
              ? ` · ${s.events.at(-1)!.name}, ${dateTime.format(new Date(s.events.at(-1)!.at))}`
              : ''}
          </p>
          {s.link && (
            <StoredLink className="order-parcel__link" url={s.link}>
              Отследить посылку
            </StoredLink>
          )}
        </div>
      ))}
    </section>
  );
}

function OrderDetailsSkeleton() {
  return (
    <div className="order-details" aria-busy="true" aria-label="Загрузка заказа">
      <SkeletonBlock style={{ height: 110, borderRadius: 12 }} />
      <SkeletonBlock style={{ height: 180, borderRadius: 12 }} />
      <SkeletonBlock style={{ height: 90, borderRadius: 12 }} />
    </div>
  );
}

function awaitingPaymentNote(expiresAt: string | null): string {
  const left = paymentTimeLeft(expiresAt);
  return left ? `Заказ ждёт оплаты. Неоплаченный заказ отменится через ${left}.` : 'Заказ ждёт оплаты.';
}
