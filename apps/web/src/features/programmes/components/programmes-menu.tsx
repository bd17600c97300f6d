// The programmes in the profile: the invite offer with the way to the referral page, the bonus
// balance, and the partnership (application or dashboard).
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useBlogger } from '../api/blogger.ts';
import { useBonus } from '../api/bonus.ts';
import { useReferral } from '../api/referral.ts';
import { Chevron } from './chevron.tsx';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

export function ProgrammesMenu() {
  const referral = useReferral();
  const bonus = useBonus();
  const blogger = useBlogger();
  const rules = referral.data?.rules;
  const status = blogger.data?.status;
  return (
    <>
      <Link className="pg-invite-card" to={paths.referral} onClick={() => haptic.selection()}>
        <span className="pg-invite-card__title">Приглашайте друзей</span>
        <span className="pg-invite-card__text">
          {rules
            ? `${formatPrice(rules.reward)} за каждого друга, а другу — ${formatPrice(rules.welcome)} на первый заказ`
            : 'Бонусы за каждого друга, который оформит заказ'}
        </span>
      </Link>
      <nav className="pg-rows" aria-label="Бонусы и партнёрство">
        <Link className="pg-row" to={paths.bonus} onClick={() => haptic.selection()}>
          <span className="pg-row__main">
            <span className="pg-row__title">Бонусный счёт</span>
            <span className="pg-row__sub">1 бонус = 1 ₽</span>
          </span>
          {bonus.data && <span className="pg-row__end">{formatPrice(bonus.data.balance)}</span>}
          <Chevron />
        </Link>
        <Link
          className="pg-row"
          to={status === 'none' || status === undefined ? '/blogger/initial' : '/blogger'}
          onClick={() => haptic.selection()}
        >
          <span className="pg-row__main">
            <span className="pg-row__title">
              {status === 'approved' ? 'Кабинет блогера' : 'Стать партнёром'}
            </span>
            <span className="pg-row__sub">
              {status === 'approved'
                ? 'Промокод, статистика и вывод'
                : status && status !== 'none'
                  ? 'Заявка отправлена'
                  : 'Для блогеров: 5 % с заказов подписчиков'}
            </span>
          </span>
          <Chevron />
        </Link>
      </nav>
    </>
  );
}
