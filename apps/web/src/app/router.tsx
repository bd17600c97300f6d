// Every route of docs/product.md §2, each page loaded lazily: `page()` for the built ones,
// `placeholder()` for those not built yet (they show their title).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { NavLayout } from './layouts/nav-layout.tsx';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { adminRoute } from './admin-routes.ts';

type Extra = Omit<RouteHandle, 'title'>;

const page = (path: string, title: string, lazy: RouteObject['lazy'], extra: Extra = {}): RouteObject => ({
  path,
  handle: { title, ...extra } satisfies RouteHandle,
  lazy,
});

const placeholder = (path: string, title: string, extra: Extra = {}): RouteObject =>
  page(path, title, () => import('./routes/placeholder.tsx'), extra);

const withNavigation: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Главная' } satisfies RouteHandle,
    lazy: () => import('./routes/home.tsx'),
  },
  placeholder('user', 'Пользователь'),
  page('favorites', 'Избранное', () => import('./routes/favorites.tsx')),
  page('catalog', 'Каталог', () => import('./routes/catalog.tsx')),
  page('catalog/:id', 'Каталог', () => import('./routes/catalog-category.tsx')),
  page('profile', 'Профиль', () => import('./routes/profile.tsx')),
  page('basket', 'Корзина', () => import('./routes/basket.tsx')),
  placeholder('referral', 'Пригласить друзей'),
  page('search', 'Поиск', () => import('./routes/search.tsx')),
];

const withoutNavigation: RouteObject[] = [
  page('orders/history', 'Мои заказы', () => import('./routes/orders-history.tsx')),
  page('orders/placing', 'Оформление заказа', () => import('./routes/orders-placing/index.tsx')),
  page('orders/details/:id', 'Заказ', () => import('./routes/orders-details.tsx'), { compactBottom: true }),
  page('payment-await', 'Оплата заказа', () => import('./routes/payment-await.tsx')),
  page('profile/delivery', 'Адреса доставки', () => import('./routes/profile-delivery.tsx')),
  page('profile/passport_data', 'Паспортные данные', () => import('./routes/profile-passport.tsx')),
  page('profile/delivery/set', 'Новый адрес', () => import('./routes/profile-delivery-set.tsx')),
  page('profile/delivery/set/:id', 'Адрес доставки', () => import('./routes/profile-delivery-set.tsx')),
  placeholder('blogger/initial', 'Стать блогером', { compactBottom: true }),
  placeholder('blogger/moder', 'Модерация'),
  placeholder('blogger', 'Кабинет блогера'),
  placeholder('bonus', 'Бонусы'),
  placeholder('blogger/conclusion', 'Вывод средств'),
  placeholder('blogger/conclusion/payment', 'Реквизиты для вывода'),
  placeholder('referral/history', 'История приглашений'),
  placeholder('find/poizon', 'Найти на Poizon'),
  placeholder('find/photo', 'Поиск по фото'),
  placeholder('find/poizon/search', 'Поиск на Poizon'),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first lazy page loads (and keeps React Router from warning about it).
    HydrateFallback: FullScreenSpinner,
    children: [
      { element: <NavLayout />, children: withNavigation },
      { element: <PlainLayout />, children: withoutNavigation },
      adminRoute,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
