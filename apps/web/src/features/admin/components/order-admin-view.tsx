// The console's order card (docs/product.md §12.2): lines, delivery, payments and refunds, the status
// timeline with who changed what, notes, the tracking number, the messages sent to the shopper,
// the shopper's passport (masked), and the status change, refund and restore controls the role allows.
import { roleCan, type AdminOrder } from '@shop/contract';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useResendNotification } from '../api/resend-notification.ts';
import { useAdminOrder } from '../api/get-admin-order.ts';
import { formatDateTime, NOTIFICATION_STATUS_RU, PAYMENT_STATUS_RU, TAB_RU } from '../admin-labels.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { actorName } from './actor.ts';
import { OrderNotes } from './order-notes.tsx';
import { OrderThreadCard } from './order-thread-card.tsx';
import { OrderPassport } from './order-passport.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { RefundForm } from './refund-form.tsx';
import { RestoreOrder } from './restore-order.tsx';
import { StatusBadge } from './status-badge.tsx';
import { StatusControl } from './status-control.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { OrderDeliveryEdit } from './order-delivery-edit.tsx';

export function OrderAdminView({ id }: { id: number }) {
  const role = useStaffRole();
  const query = useAdminOrder(id);
  if (query.isPending)
    return (
      <div className="admin--center" role="status" aria-label="Загрузка">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <p className="admin-error" role="alert">
        {query.error.message}
      </p>
    );
  const order = query.data;
  return (
    <article className="admin-order">
      <OrderHead order={order} />
      <div className="admin-order__columns">
        <div className="admin-order__column">
          <StatusControl order={order} role={role} />
          {roleCan(role, 'own') && <RefundForm order={order} />}
          {roleCan(role, 'own') && <RestoreOrder order={order} />}
          <Lines order={order} />
          <Delivery order={order} />
          {roleCan(role, 'operate') && <OrderDeliveryEdit order={order} />}
          <OrderShipments order={order} canWrite={roleCan(role, 'operate')} />
          <OrderPassport orderId={order.id} canReveal={roleCan(role, 'own')} />
          <Money order={order} />
        </div>
        <div className="admin-order__column">
          <Timeline order={order} />
          <OrderThreadCard orderId={order.id} canWrite={roleCan(role, 'operate')} />
          <OrderNotes orderId={order.id} notes={order.notes} canWrite={roleCan(role, 'operate')} />
          <Notifications order={order} canResend={roleCan(role, 'operate')} />
        </div>
      </div>
    </article>
  );
}

function OrderHead({ order }: { order: AdminOrder }) {
  const { user } = order;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <header className="admin-card admin-order__head">
      <div className="admin-order__title-row">
        <h2 className="admin-order__title">Заказ №{order.id}</h2>
        <span className="admin-table__badges">
          <StatusBadge status={order.status} />
          {order.needs_refund && <StatusBadge status="needs_refund" />}
        </span>
      </div>
      <dl className="admin-facts">
        <dt>Создан</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt>Сумма</dt>
        <dd>{formatPrice(order.total)}</dd>
        <dt>Покупатель</dt>
        <dd>
          {name}
          {user.username && (
            <>
              {' · '}
              <a href={`https://t.me/${user.username}`} target="_blank" rel="noreferrer">
                @{user.username}
              </a>
            </>
          )}
          <span className="admin-muted"> · id {user.telegram_id}</span>
          {user.unreachable && <span className="admin-warn"> · бот не может написать</span>}
        </dd>
        <dt>Трек-номер</dt>
        <dd>{order.tracking_number ?? '—'}</dd>
      </dl>
    </header>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  return (
    <section className="admin-card" aria-labelledby="lines-title">
      <h2 id="lines-title" className="admin-card__title">
        Товары
      </h2>
      <ul className="admin-list">
        {order.items.map((item) => (
          <li key={item.variant_id} className="admin-list__item admin-line">
            <span className="admin-line__text">
              <span>{item.title}</span>
              <span className="admin-muted">
                {[item.variant_title, item.size_eu ? `EU ${item.size_eu}` : null].filter(Boolean).join(' · ')}
                {` · вариант ${item.variant_id}`}
              </span>
            </span>
            <span className="admin-line__sum">
              {item.quantity} × {formatPrice(item.price)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Delivery({ order }: { order: AdminOrder }) {
  const d = order.delivery;
  return (
    <section className="admin-card" aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="admin-card__title">
        Доставка
      </h2>
      <dl className="admin-facts">
        <dt>Получатель</dt>
        <dd>{[d.last_name, d.fio].filter(Boolean).join(' ')}</dd>
        <dt>Телефон</dt>
        <dd>
          <a href={`tel:${d.phone_number}`}>{d.phone_number}</a>
        </dd>
        <dt>{d.kind === 'pickup' ? 'Пункт выдачи' : 'Адрес'}</dt>
        <dd>
          {d.kind === 'pickup' ? `${d.address} (${d.point_code ?? ''})` : `${d.city}, ${d.address}`}
          {d.point_hours && <span className="admin-muted"> · {d.point_hours}</span>}
        </dd>
        {order.delivery_quote && (
          <>
            <dt>Доставка</dt>
            <dd>
              {formatPrice(order.delivery_quote.price)} при получении · {order.delivery_quote.date_from} –{' '}
              {order.delivery_quote.date_to}
            </dd>
            {order.delivery_quote.duty && (
              <>
                <dt>Пошлина</dt>
                <dd>
                  ≈ {formatPrice(order.delivery_quote.duty.amount)} ({order.delivery_quote.duty.rule}, курс €{' '}
                  {order.delivery_quote.duty.eur_rate})
                </dd>
              </>
            )}
          </>
        )}
      </dl>
    </section>
  );
}

function Money({ order }: { order: AdminOrder }) {
  return (
    <section className="admin-card" aria-labelledby="money-title">
      <h2 id="money-title" className="admin-card__title">
        Платежи и возвраты
      </h2>
      <p className="admin-muted">
        Оплачено {formatPrice(order.paid_amount)}, возвращено {formatPrice(order.refunded_amount)}
      </p>
      <ul className="admin-list">
        {order.payments.map((p) => (
          <li key={`p${p.id}`} className="admin-list__item admin-line">
            <span className="admin-line__text">
              <span>
                Платёж · {PAYMENT_STATUS_RU[p.status]} · {p.provider}
              </span>
              <span className="admin-muted">
                {formatDateTime(p.created_at)}
                {p.provider_payment_id ? ` · ${p.provider_payment_id}` : ''}
              </span>
            </span>
            <span className="admin-line__sum">{formatPrice(p.amount)}</span>
          </li>
        ))}
        {order.refunds.map((r) => (
          <li key={`r${r.id}`} className="admin-list__item admin-line" data-refund-id={r.id}>
            <span className="admin-line__text">
              <span>
                Возврат · {PAYMENT_STATUS_RU[r.status]} · {r.reason}
              </span>
              <span className="admin-muted">
                {actorName(r.actor)} · {formatDateTime(r.created_at)}
              </span>
            </span>
            <span className="admin-line__sum">−{formatPrice(r.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Timeline({ order }: { order: AdminOrder }) {
  return (
    <section className="admin-card" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="admin-card__title">
        История статусов
      </h2>
      <ol className="admin-timeline">
        {order.history.map((h, i) => (
          <li key={`${h.created_at}-${i}`} className="admin-timeline__item">
            <span className="admin-timeline__status">{TAB_RU[h.status]}</span>
            <span className="admin-muted">
              {actorName(h.actor)} · {formatDateTime(h.created_at)}
            </span>
            {h.comment && <span className="admin-timeline__comment">{h.comment}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Messages still in the outbox's hands are not offered for a resend. */
const RESENDABLE = new Set(['sent', 'dead', 'skipped', 'held']);

function Notifications({ order, canResend }: { order: AdminOrder; canResend: boolean }) {
  const resend = useResendNotification(order.id);
  return (
    <section className="admin-card" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="admin-card__title">
        Сообщения покупателю
      </h2>
      {order.notifications.length === 0 && <p className="admin-muted">Сообщений не было</p>}
      <ul className="admin-list">
        {order.notifications.map((n) => (
          <li key={n.id} className="admin-list__item admin-line">
            <span className="admin-line__text">
              <span>
                {NOTIFICATION_STATUS_RU[n.status]} · {formatDateTime(n.sent_at ?? n.created_at)}
              </span>
              <span className="admin-muted admin-note__text">{n.text}</span>
              {n.last_error && <span className="admin-warn">{n.last_error}</span>}
            </span>
            {canResend && RESENDABLE.has(n.status) && (
              <Button
                size="small"
                variant="light-primary"
                loading={resend.isPending && resend.variables === n.id}
                onClick={() =>
                  resend.mutate(n.id, {
                    onSuccess: () => notify.success('Сообщение поставлено в очередь'),
                  })
                }
              >
                Повторить
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
