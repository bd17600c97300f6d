// Five tabs (docs/product.md §2): home, favourites, catalogue, basket, profile. The basket tab shows the
// cart count when non-zero; tapping the catalogue tab while in the catalogue scrolls to top, on a
// category grid too, where it keeps the category and its filters instead of leaving them.
import { useQuery } from '@tanstack/react-query';
import { NavLink, useLocation } from 'react-router';
import { BagIcon, GridIcon, HeartIcon, HomeIcon, UserIcon } from '../../components/ui/icons.tsx';
import { cartLenQueryOptions } from '../../features/cart/api/get-cart-len.ts';
import { haptic } from '../../telegram/haptics.ts';

const TABS = [
  { to: '/', label: 'Главная', Icon: HomeIcon, end: true },
  { to: '/favorites', label: 'Избранное', Icon: HeartIcon, end: false },
  { to: '/catalog', label: 'Каталог', Icon: GridIcon, end: false },
  { to: '/basket', label: 'Корзина', Icon: BagIcon, end: false },
  { to: '/profile', label: 'Профиль', Icon: UserIcon, end: false },
] as const;

const inCatalog = (pathname: string) => pathname === '/catalog' || /^\/catalog\/\d+$/.test(pathname);

export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function BottomBar() {
  const { pathname } = useLocation();
  const cartLen = useQuery(cartLenQueryOptions());
  const count = cartLen.data ?? 0;

  return (
    <nav className="bottom-bar" aria-label="Основная навигация">
      {TABS.map(({ to, label, Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className="bottom-bar__tab"
          onClick={(event) => {
            haptic.selection();
            if (to === '/catalog' && inCatalog(pathname)) {
              event.preventDefault();
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }
          }}
        >
          <span className="bottom-bar__icon-wrap">
            <Icon className="bottom-bar__icon" />
            {to === '/basket' && count > 0 && (
              <span className="bottom-bar__badge" aria-label={`Товаров в корзине: ${count}`}>
                {badgeText(count)}
              </span>
            )}
          </span>
          <span className="bottom-bar__label">{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
