// An invited friend's welcome bonus, said where it matters (issue 27): in the basket and at
// checkout, «500 ₽ от друга на первый заказ», until it is spent or lapses. Nothing otherwise.
import { formatPrice } from '../../../lib/price.ts';
import { useBonus } from '../api/bonus.ts';
import { dayMonthYear } from '../labels.ts';
import './programmes.css';

export function WelcomeBonusNote({ where }: { where: 'basket' | 'checkout' }) {
  const bonus = useBonus();
  const welcome = bonus.data?.welcome;
  if (!welcome || welcome.amount <= 0) return null;
  return (
    <p className="welcome-note" data-testid="welcome-bonus-note">
      <span aria-hidden="true">🎁 </span>
      {formatPrice(welcome.amount)} от друга на первый заказ
      {where === 'basket'
        ? ` — спишутся при оформлении, до ${dayMonthYear(welcome.until)}`
        : ` — включите «Списать бонусы» ниже (до ${dayMonthYear(welcome.until)})`}
    </p>
  );
}
