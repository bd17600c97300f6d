// blogger (research §5.5): the partner's balance with the way to withdraw, the promo code and
// link with copy and share, the ad caption with «Реклама», the shop's name and INN and erid,
// live stats by period, the commissions, and the picks shown on the public page.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useCopyText } from '../../../components/ui/use-copy-text.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareLink } from '../../../telegram/links.ts';
import { useBloggerCommissions, useBloggerStats, type StatsPeriod } from '../api/blogger.ts';
import { COMMISSION_STATUS_RU } from '@shop/contract';
import { numeric, toneOf } from '../labels.ts';
import type { ApprovedDashboard } from '../types.ts';
import { Chevron } from './chevron.tsx';
import { Stat } from './referral-view.tsx';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

const PERIODS: { value: StatsPeriod; label: string }[] = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
  { value: 'all', label: 'Всё время' },
];

type Props = {
  state: ApprovedDashboard;
  /** The picks editor, composed by the page. */
  picks?: ReactNode;
};

export function BloggerDashboardView({ state, picks }: Props) {
  const { blogger, balance, min_payout: minPayout } = state;
  const copyText = useCopyText();
  const canWithdraw = balance.available >= minPayout;

  return (
    <div className="pg">
      <section className="pg-hero" aria-label="Баланс">
        <span className="pg-hero__text">Доступно к выводу</span>
        <span className="pg-hero__amount" data-testid="blogger-available">
          {formatPrice(balance.available)}
        </span>
        <p className="pg-hero__text">Ожидает подтверждения {formatPrice(balance.pending)} (заказы в пути)</p>
        {balance.pending_payout > 0 && (
          <p className="pg-hero__text">В заявке на вывод {formatPrice(balance.pending_payout)}</p>
        )}
        <p className="pg-hero__text">Выведено всего {formatPrice(balance.paid_total)}</p>
        {canWithdraw ? (
          <Link className="button button--medium pg-hero__action" to={paths.bloggerConclusion}>
            <span className="button__label">Вывести</span>
          </Link>
        ) : (
          <p className="pg-hero__text">
            <Link to={paths.bloggerConclusion} className="pg-hero__link">
              Вывод средств
            </Link>{' '}
            · минимальная сумма вывода — {formatPrice(minPayout)}
          </p>
        )}
      </section>

      <section className="pg-card" aria-labelledby="blogger-promo">
        <h2 id="blogger-promo" className="pg-card__title">
          Промокод и ссылка
        </h2>
        <div className="pg-promo">
          <span className="pg-promo__code" data-testid="blogger-promo">
            {blogger.promo_code}
          </span>
          <Button
            variant="light-primary"
            size="small"
            onClick={() => copyText(blogger.promo_code, 'Промокод скопирован')}
          >
            Скопировать
          </Button>
        </div>
        <p className="pg-card__hint">
          Подписчики получают скидку {blogger.buyer_discount_percent} % на первый заказ (до{' '}
          {formatPrice(blogger.buyer_discount_cap)}), вы — {blogger.commission_percent} % с их заказов.
        </p>
        <code className="pg-link">{blogger.link}</code>
        <div className="pg-actions">
          <Button
            size="medium"
            onClick={() => {
              haptic.impact();
              shareLink(
                blogger.link,
                `Оригинальные вещи с Poizon — скидка ${blogger.buyer_discount_percent} % на первый заказ по промокоду ${blogger.promo_code}`,
              );
            }}
          >
            Поделиться
          </Button>
          <Button
            variant="light-primary"
            size="medium"
            onClick={() => copyText(blogger.link, 'Ссылка скопирована')}
          >
            Скопировать ссылку
          </Button>
        </div>
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          onClick={() => {
            if (!blogger.erid || !blogger.caption) {
              notify.warning('Токен erid ещё не выдан — не публикуйте рекламу без маркировки');
              return;
            }
            copyText(blogger.caption, 'Текст для поста скопирован');
          }}
        >
          Скопировать текст для поста
        </Button>
        <p className="pg-card__hint">
          {blogger.erid
            ? `Маркировка: erid ${blogger.erid}`
            : 'Токен erid выдаст модератор — без него рекламу публиковать нельзя.'}
        </p>
      </section>

      <StatsBlock />
      <CommissionsBlock />

      <nav className="pg-rows" aria-label="Партнёрство">
        <Link className="pg-row" to={paths.bloggerConclusion}>
          <span className="pg-row__main">
            <span className="pg-row__title">История выводов</span>
            <span className="pg-row__sub">Заявки и выплаты</span>
          </span>
          <Chevron />
        </Link>
        <Link className="pg-row" to={paths.user(state.user_id)}>
          <span className="pg-row__main">
            <span className="pg-row__title">Моя страница</span>
            <span className="pg-row__sub">Как её видят подписчики</span>
          </span>
          <Chevron />
        </Link>
      </nav>

      {picks}

      <details className="pg-details">
        <summary>Условия программы</summary>
        <ul>
          <li>{blogger.commission_percent} % от оплаченной стоимости товаров в заказах ваших подписчиков.</li>
          <li>Новый покупатель, пришедший по ссылке, закрепляется за вами на 180 дней.</li>
          <li>
            Начисление подтверждается, когда покупатель получает заказ; при отмене или возврате — отменяется.
          </li>
          <li>Вывод от {formatPrice(minPayout)} для самозанятых и ИП, до 3 рабочих дней.</li>
          <li>Без статуса можно перевести баланс на бонусный счёт 1:1.</li>
          <li>Реклама маркируется: «Реклама», название магазина и ИНН, erid.</li>
        </ul>
      </details>
    </div>
  );
}

function StatsBlock() {
  const [period, setPeriod] = useState<StatsPeriod>('30d');
  const stats = useBloggerStats(period);
  return (
    <section className="pg" aria-labelledby="blogger-stats">
      <h2 id="blogger-stats" className="pg-section-title">
        Статистика
      </h2>
      <div className="pg-segment" role="group" aria-label="Период">
        {PERIODS.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={p.value === period}
            onClick={() => {
              haptic.selection();
              setPeriod(p.value);
            }}
          >
            {p.label}
          </button>
        ))}
      </div>
      {stats.isError ? (
        <LoadError title="Не удалось загрузить статистику" onRetry={stats.refetch} inline />
      ) : (
        <dl className="pg-stats" aria-busy={stats.isPending}>
          <Stat label="Переходы" value={stats.data ? String(stats.data.opens) : '…'} />
          <Stat label="Новые покупатели" value={stats.data ? String(stats.data.new_buyers) : '…'} />
          <Stat label="Заказы" value={stats.data ? String(stats.data.orders) : '…'} />
          <Stat label="Сумма заказов" value={stats.data ? formatPrice(stats.data.revenue) : '…'} />
          <Stat label="Начислено" value={stats.data ? formatPrice(stats.data.earned) : '…'} />
        </dl>
      )}
    </section>
  );
}

function CommissionsBlock() {
  const commissions = useBloggerCommissions();
  const items = commissions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="pg" aria-labelledby="blogger-commissions">
      <h2 id="blogger-commissions" className="pg-section-title">
        Начисления
      </h2>
      {commissions.isPending ? (
        <SkeletonBlock style={{ height: 56, borderRadius: 12 }} />
      ) : commissions.isError ? (
        <LoadError title="Не удалось загрузить начисления" onRetry={commissions.refetch} inline />
      ) : items.length === 0 ? (
        <p className="pg-hint">
          Начисления появятся, когда подписчики оплатят заказы по вашей ссылке или промокоду.
        </p>
      ) : (
        <>
          <ul className="pg-rows" aria-label="Начисления">
            {items.map((c) => (
              <li key={c.order_id}>
                <div className="pg-row">
                  <span className="pg-row__main">
                    <span className="pg-row__title">
                      Заказ №{c.order_id} · {formatPrice(c.order_total)}
                    </span>
                    <span className="pg-row__sub">
                      {numeric(c.created_at)} · {c.percent} %
                    </span>
                  </span>
                  <span className="pg-row__end">
                    <span className={c.status === 'approved' ? 'pg-amount--plus' : 'pg-amount--muted'}>
                      +{formatPrice(c.amount)}
                    </span>
                    <span className={`pg-chip pg-chip--${toneOf(c.status)}`}>
                      {COMMISSION_STATUS_RU[c.status]}
                    </span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {commissions.hasNextPage && (
            <Button
              variant="secondary"
              fullWidth
              loading={commissions.isFetchingNextPage}
              onClick={() => void commissions.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
        </>
      )}
    </section>
  );
}
