// Five tabs (spec §2): home, favourites, catalogue, basket, profile.
import { NavLink } from 'react-router';
import { BagIcon, GridIcon, HeartIcon, HomeIcon, UserIcon } from '../../components/ui/icons.tsx';

const TABS = [
  { to: '/', label: 'Главная', Icon: HomeIcon, end: true },
  { to: '/favorites', label: 'Избранное', Icon: HeartIcon, end: false },
  { to: '/catalog', label: 'Каталог', Icon: GridIcon, end: false },
  { to: '/basket', label: 'Корзина', Icon: BagIcon, end: false },
  { to: '/profile', label: 'Профиль', Icon: UserIcon, end: false },
] as const;

export function BottomBar() {
  return (
    <nav className="bottom-bar" aria-label="Основная навигация">
      {TABS.map(({ to, label, Icon, end }) => (
        <NavLink key={to} to={to} end={end} className="bottom-bar__tab">
          <Icon className="bottom-bar__icon" />
          <span className="bottom-bar__label">{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
