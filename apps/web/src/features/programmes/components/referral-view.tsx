// The referral page (research §2.2): the offer, the shopper's link with copy and Telegram's share
// dialog, the stats, the way to the history, how it works, the late code entry while it is allowed,
// and the programme's conditions.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useCopyText } from '../../../components/ui/use-copy-text.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareCard } from '../../../telegram/links.ts';
import { useReferral } from '../api/referral.ts';
import { CodeEntrySheet } from './code-entry-sheet.tsx';
import { Chevron } from './chevron.tsx';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

export function ReferralView() {
  const referral = useReferral();
  const [codeOpen, setCodeOpen] = useState(false);
  const copyText = useCopyText();

  if (referral.isPending) return <ReferralSkeleton />;
  if (referral.isError)
    return (
      <LoadError
        title="Не удалось загрузить программу"
        onRetry={referral.refetch}
        retrying={referral.isFetching}
      />
    );
  const { link, share_text: shareText, stats, rules, can_enter_code: canEnterCode } = referral.data;
  const share = () => {
    haptic.impact();
    void shareCard({ kind: 'invite' }, link, shareText);
  };

  return (
    <div className="pg">
      <section className="pg-hero" aria-labelledby="referral-hero">
        <h2 id="referral-hero" className="pg-hero__title">
          Дарим {formatPrice(rules.reward)} за каждого друга
        </h2>
        <p className="pg-hero__text">
          Друг получит {formatPrice(rules.welcome)} на первый заказ, а вы — {formatPrice(rules.reward)}{' '}
          бонусами, когда он получит заказ от {formatPrice(rules.min_order)}.
        </p>
      </section>

      <section className="pg-card" aria-labelledby="referral-link">
        <h2 id="referral-link" className="pg-card__title">
          Ваша ссылка
        </h2>
        <code className="pg-link" data-testid="referral-link">
          {link}
        </code>
        <div className="pg-actions">
          <Button size="medium" onClick={share}>
            Поделиться с другом
          </Button>
          <Button variant="light-primary" size="medium" onClick={() => copyText(link, 'Ссылка скопирована')}>
            Скопировать
          </Button>
        </div>
      </section>

      <dl className="pg-stats" aria-label="Статистика приглашений">
        <Stat label="Приглашено" value={String(stats.invited)} />
        <Stat label="Сделали заказ" value={String(stats.ordered)} />
        <Stat label="Получено" value={formatPrice(stats.earned)} />
        <Stat label="Ожидает" value={formatPrice(stats.pending)} />
      </dl>

      <nav className="pg-rows" aria-label="Приглашения">
        <Link className="pg-row" to={paths.referralHistory}>
          <span className="pg-row__main">
            <span className="pg-row__title">История приглашений</span>
            <span className="pg-row__sub">Статус каждого друга и бонусы</span>
          </span>
          <Chevron />
        </Link>
        <Link className="pg-row" to={paths.bonus}>
          <span className="pg-row__main">
            <span className="pg-row__title">Бонусный счёт</span>
            <span className="pg-row__sub">Баланс и история начислений</span>
          </span>
          <Chevron />
        </Link>
        {canEnterCode && (
          <button type="button" className="pg-row" onClick={() => setCodeOpen(true)}>
            <span className="pg-row__main">
              <span className="pg-row__title">У меня есть код приглашения</span>
              <span className="pg-row__sub">Если друг прислал код, а не ссылку</span>
            </span>
            <Chevron />
          </button>
        )}
      </nav>

      <section className="pg-card" aria-labelledby="referral-how">
        <h2 id="referral-how" className="pg-card__title">
          Как это работает
        </h2>
        <ol className="pg-steps">
          <li>Отправьте другу ссылку</li>
          <li>Друг открывает магазин и получает {formatPrice(rules.welcome)} на первый заказ</li>
          <li>
            Когда друг получит заказ от {formatPrice(rules.min_order)}, вам придёт {formatPrice(rules.reward)}
          </li>
        </ol>
      </section>

      <details className="pg-details">
        <summary>Условия программы</summary>
        <ul>
          <li>1 бонус = 1 ₽.</li>
          <li>Друг должен впервые открыть магазин по вашей ссылке.</li>
          <li>Бонус начисляется после получения другом первого заказа от {formatPrice(rules.min_order)}.</li>
          <li>При отмене или возврате заказа бонус не начисляется.</li>
          <li>Бонусами можно оплатить до {rules.spend_cap_percent}&nbsp;% стоимости товаров.</li>
          <li>Бонусы за приглашения действуют {rules.ttl_days} дней.</li>
          <li>Не больше 20 начислений в месяц.</li>
          <li>Запрещено приглашать самого себя и создавать несколько аккаунтов.</li>
        </ul>
      </details>

      {codeOpen && <CodeEntrySheet open={codeOpen} onOpenChange={setCodeOpen} />}
    </div>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="pg-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ReferralSkeleton() {
  return (
    <div className="pg" aria-busy="true" aria-label="Загрузка">
      <SkeletonBlock style={{ height: 118, borderRadius: 16 }} />
      <SkeletonBlock style={{ height: 150, borderRadius: 14 }} />
      <SkeletonBlock style={{ height: 128, borderRadius: 12 }} />
      <SkeletonBlock style={{ height: 112, borderRadius: 14 }} />
    </div>
  );
}
