// The profile page (issue 6 item 9): who is signed in (avatar initial, name, @username), the way
// to orders, delivery addresses and passport data, the programmes (invite friends, bonuses,
// partnership; composed by the page) and the help cards.
import type { Profile } from '@shop/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { haptic } from '../../../telegram/haptics.ts';
import './profile.css';
import { paths } from '../../../lib/paths.ts';

type Props = {
  user: Profile | null;
  /** Active orders, shown as a counter on "Мои заказы" when known. */
  activeOrders?: number;
  /** The help cards block, composed by the page. */
  help: ReactNode;
  /** The programmes block (referral, bonus, blogger), composed by the page. */
  programmes?: ReactNode;
};

export function ProfileView({ user, activeOrders, help, programmes }: Props) {
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : 'Гость';
  const initial = (user?.first_name.trim()[0] ?? '?').toUpperCase();

  return (
    <div className="profile">
      <header className="profile-head">
        <span className="profile-head__avatar" aria-hidden="true">
          {user?.photo_url ? <img src={user.photo_url} alt="" /> : initial}
        </span>
        <span className="profile-head__text">
          <span className="profile-head__name">{name}</span>
          {user?.username && <span className="profile-head__username">@{user.username}</span>}
        </span>
      </header>

      <nav className="profile-menu" aria-label="Разделы профиля">
        <MenuLink to={paths.ordersHistory} icon="box" label="Мои заказы" counter={activeOrders} />
        <MenuLink to={paths.profileDelivery} icon="pin" label="Адреса доставки" />
        <MenuLink to={paths.profilePassport} icon="id" label="Паспортные данные" />
      </nav>

      {user && programmes}

      {help}
    </div>
  );
}

const ICONS: Record<'box' | 'pin' | 'id', string> = {
  box: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9ZM3 7.5l9 4.5 9-4.5M12 12v9',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  id: 'M3 5h18v14H3zM7 15c.5-1.5 1.6-2.2 2.5-2.2S11.5 13.5 12 15M9.5 11a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM14.5 9H18M14.5 12H18',
};

function MenuLink({
  to,
  icon,
  label,
  counter,
}: {
  to: string;
  icon: keyof typeof ICONS;
  label: string;
  counter?: number;
}) {
  return (
    <Link to={to} className="profile-menu__item" onClick={() => haptic.selection()}>
      <span className={`profile-menu__icon profile-menu__icon--${icon}`} aria-hidden="true">
        <svg viewBox="0 0 24 24">
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <span className="profile-menu__label">{label}</span>
      {counter ? <span className="profile-menu__counter">{counter}</span> : null}
      <svg className="profile-menu__chevron" viewBox="0 0 24 24" aria-hidden="true">
        <path d="m9 6 6 6-6 6" />
      </svg>
    </Link>
  );
}
