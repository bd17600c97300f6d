// The bonus account (research §4.2): the balance, what is pending, the nearest expiry with its
// date, the 30 % rule, the way to earn more, and the history of every accrual and spending.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { plural } from '../../../lib/plural.ts';
import { formatCount, formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useBonus, useBonusHistory, type BonusHistoryKind } from '../api/bonus.ts';
import { BONUS_ENTRY_STATUS_RU, type BonusEntryStatus } from '@shop/contract';
import { BONUS_FORMS, dayMonthYear, numeric, toneOf } from '../labels.ts';
import type { BonusEntry } from '../types.ts';
import { Chevron } from './chevron.tsx';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

const KINDS: { value: BonusHistoryKind; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'in', label: 'Начисления' },
  { value: 'out', label: 'Списания' },
];

/** Plain credits and debits need no chip; these states do. */
const CHIPPED: BonusEntryStatus[] = ['pending', 'held', 'released', 'canceled'];

const signed = (amount: number) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatPrice(Math.abs(amount))}`;

export function BonusView() {
  const bonus = useBonus();
  const [kind, setKind] = useState<BonusHistoryKind>('all');
  const history = useBonusHistory(kind);

  return (
    <div className="pg">
      {bonus.isPending ? (
        <SkeletonBlock style={{ height: 150, borderRadius: 16 }} />
      ) : bonus.isError ? (
        <LoadError
          title="Не удалось загрузить бонусы"
          onRetry={bonus.refetch}
          retrying={bonus.isFetching}
          inline
        />
      ) : (
        <>
          <section className="pg-hero" aria-label="Бонусный счёт">
            <span className="pg-hero__text">Бонусный счёт</span>
            <span className="pg-hero__amount" data-testid="bonus-balance">
              {formatPrice(bonus.data.balance)}
            </span>
            {bonus.data.pending > 0 && (
              <p className="pg-hero__text">
                Ожидают начисления: {formatPrice(bonus.data.pending)} · придут, когда друзья получат заказы
              </p>
            )}
            {bonus.data.held > 0 && (
              <p className="pg-hero__text">
                Заморожено в неоплаченных заказах: {formatPrice(bonus.data.held)}
              </p>
            )}
            {bonus.data.expiring && (
              <p className="pg-hero__text">
                Сгорят {dayMonthYear(bonus.data.expiring.date)}: {formatCount(bonus.data.expiring.amount)}{' '}
                {plural(bonus.data.expiring.amount, BONUS_FORMS)}
              </p>
            )}
          </section>
          <p className="pg-hint">
            1 бонус = 1 ₽. Оплачивайте бонусами до {bonus.data.rules.spend_cap_percent}&nbsp;% стоимости
            товаров при оформлении заказа.
          </p>
        </>
      )}

      <nav className="pg-rows" aria-label="Как получить бонусы">
        <Link className="pg-row" to={paths.referral}>
          <span className="pg-row__main">
            <span className="pg-row__title">Получить ещё</span>
            <span className="pg-row__sub">Пригласите друга — {formatPrice(1000)} за каждого</span>
          </span>
          <Chevron />
        </Link>
      </nav>

      <h2 className="pg-section-title">История операций</h2>
      <div className="pg-filters" role="group" aria-label="Фильтр операций">
        {KINDS.map((k) => (
          <Button
            key={k.value}
            size="badge"
            variant={k.value === kind ? 'badge-active' : 'badge'}
            aria-pressed={k.value === kind}
            onClick={() => {
              haptic.selection();
              setKind(k.value);
            }}
          >
            {k.label}
          </Button>
        ))}
      </div>
      {history.isPending ? (
        <div className="pg" aria-busy="true" aria-label="Загрузка">
          {[0, 1, 2].map((i) => (
            <SkeletonBlock key={i} style={{ height: 56, borderRadius: 12 }} />
          ))}
        </div>
      ) : history.isError ? (
        <LoadError
          title="Не удалось загрузить историю"
          onRetry={history.refetch}
          retrying={history.isFetching}
          inline
        />
      ) : (
        <BonusHistory
          items={history.data.pages.flatMap((p) => p.items)}
          more={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onMore={() => void history.fetchNextPage()}
        />
      )}
    </div>
  );
}

function BonusHistory({
  items,
  more,
  loadingMore,
  onMore,
}: {
  items: BonusEntry[];
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  if (items.length === 0)
    return (
      <div className="pg-empty">
        <p className="pg-empty__title">Операций пока нет</p>
        <p>Здесь появятся начисления и списания бонусов</p>
      </div>
    );
  return (
    <>
      <ul className="pg-rows" aria-label="Операции">
        {items.map((tx) => (
          <li key={tx.id}>
            <div className="pg-row">
              <span className="pg-row__main">
                <span className="pg-row__title">{tx.title}</span>
                <span className="pg-row__sub">
                  {numeric(tx.created_at)}
                  {tx.expires_at && tx.amount > 0 && tx.status !== 'canceled'
                    ? ` · до ${numeric(tx.expires_at)}`
                    : ''}
                </span>
              </span>
              <span className="pg-row__end">
                <span
                  className={
                    tx.status === 'pending' || tx.status === 'canceled' || tx.status === 'released'
                      ? 'pg-amount--muted'
                      : tx.amount > 0
                        ? 'pg-amount--plus'
                        : 'pg-amount--minus'
                  }
                >
                  {signed(tx.amount)}
                </span>
                {CHIPPED.includes(tx.status) && (
                  <span className={`pg-chip pg-chip--${toneOf(tx.status)}`}>
                    {BONUS_ENTRY_STATUS_RU[tx.status]}
                  </span>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {more && (
        <Button variant="secondary" fullWidth loading={loadingMore} onClick={onMore}>
          Показать ещё
        </Button>
      )}
    </>
  );
}
