// A customer's card (docs/product.md §12.6): who they are, what they paid (payments less refunds),
// every order, their addresses, the bot's messages to them (or that it may not write to them) and
// the staff's notes on their orders.
import './console-pages.css';
import { Link } from 'react-router';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useCustomer } from '../api/customers.ts';
import { formatDateTime, NOTIFICATION_STATUS_RU, TAB_RU, tabTone } from '../admin-labels.ts';
import type { NotificationStatus } from '@shop/contract';

export function CustomerCardView({ id }: { id: number }) {
  const customer = useCustomer(id);
  if (customer.isError)
    return (
      <p className="admin-error" role="alert">
        {customer.error.message}
      </p>
    );
  const c = customer.data;
  if (!c)
    return (
      <div className="admin-card" aria-busy="true">
        <SkeletonBlock className="admin-row__skeleton" />
        <SkeletonBlock className="admin-row__skeleton" />
      </div>
    );
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return (
    <section className="admin-customer">
      <h2 className="admin-order__title">{name}</h2>
      {!c.bot_may_write && (
        <p className="admin-warn admin-customer__unreachable">
          Не получает сообщения: бот не может написать покупателю, пока тот не разрешит сообщения или не
          запустит бота.
        </p>
      )}
      <div className="admin-card">
        <dl className="admin-facts">
          {c.username && (
            <>
              <dt>Telegram</dt>
              <dd>@{c.username}</dd>
            </>
          )}
          {c.phone_number && (
            <>
              <dt>Телефон</dt>
              <dd>{c.phone_number}</dd>
            </>
          )}
          <dt>Оплачено</dt>
          <dd data-testid="paid-total">{formatPrice(c.paid_total)}</dd>
          <dt>Заказов</dt>
          <dd>{c.orders}</dd>
          <dt>Бонусы</dt>
          <dd>{formatPrice(c.bonus_balance)}</dd>
          {c.referred_by && (
            <>
              <dt>Пригласил(а)</dt>
              <dd>
                <Link to={paths.adminCustomer(c.referred_by.id)}>{c.referred_by.name}</Link>
              </dd>
            </>
          )}
          {c.blogger && (
            <>
              <dt>Блогер</dt>
              <dd>{c.blogger}</dd>
            </>
          )}
          <dt>С нами с</dt>
          <dd>{formatDateTime(c.created_at)}</dd>
        </dl>
      </div>

      <div className="admin-card">
        <h3 className="admin-card__title">Заказы</h3>
        {c.orders_list.length === 0 ? (
          <p className="admin-empty">Заказов нет</p>
        ) : (
          <ul className="admin-list" aria-label="Заказы покупателя">
            {c.orders_list.map((o) => (
              <li key={o.id} className="admin-list__item" data-order-id={o.id}>
                <Link className="admin-line" to={paths.adminOrder(o.id)}>
                  <span className="admin-line__text">
                    <span>
                      №{o.id}{' '}
                      <span className={`admin-badge admin-badge--${tabTone(o.status)}`}>
                        {TAB_RU[o.status]}
                      </span>
                    </span>
                    <span className="admin-muted">
                      {formatDateTime(o.created_at)} · {o.items_count} шт.
                      {o.refunded > 0 ? ` · возврат ${formatPrice(o.refunded)}` : ''}
                    </span>
                  </span>
                  <span className="admin-line__sum">{formatPrice(o.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="admin-card">
        <h3 className="admin-card__title">Адреса</h3>
        {c.addresses.length === 0 ? (
          <p className="admin-empty">Адресов нет</p>
        ) : (
          <ul className="admin-list">
            {c.addresses.map((a) => (
              <li key={a.id} className="admin-list__item admin-line__text">
                <span>
                  {a.city}, {a.address}
                  {a.is_default && <span className="admin-muted"> · основной</span>}
                </span>
                <span className="admin-muted">
                  {a.recipient} · {a.phone_number}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="admin-card">
        <h3 className="admin-card__title">Сообщения и заметки</h3>
        {c.messages.length === 0 && c.notes.length === 0 ? (
          <p className="admin-empty">Сообщений нет</p>
        ) : (
          <ul className="admin-list">
            {c.notes.map((n, i) => (
              <li key={`n${i}`} className="admin-list__item admin-line__text">
                <span className="admin-note__text">{n.text}</span>
                <span className="admin-muted">
                  Заметка к №{n.order_id} · {formatDateTime(n.created_at)}
                </span>
              </li>
            ))}
            {c.messages.map((m, i) => (
              <li key={`m${i}`} className="admin-list__item admin-line__text">
                <span className="admin-note__text">{m.text}</span>
                <span className="admin-muted">
                  Бот{m.order_id ? ` · №${m.order_id}` : ''} ·{' '}
                  {NOTIFICATION_STATUS_RU[m.status as NotificationStatus] ?? m.status} ·{' '}
                  {formatDateTime(m.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
