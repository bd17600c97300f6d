// Every route of the spec's §2, each loaded lazily. Pages not built yet share the placeholder.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../features/session/components/spinner.tsx';
import { NavLayout } from './layouts/nav-layout.tsx';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { BUY_PAGES } from './buy-pages.ts';
import { adminRoute } from './admin-routes.ts';

const placeholder = (path: string, title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteObject => ({
  path,
  handle: { title, ...extra } satisfies RouteHandle,
  lazy: BUY_PAGES[path] ?? (() => import('./routes/placeholder.tsx')),
});

const withNavigation: RouteObject[] = [
  { index: true, handle: { title: 'Главная' }, lazy: () => import('./routes/home.tsx') },
  placeholder('user', 'Пользователь'),
  { path: 'favorites', handle: { title: 'Избранное' }, lazy: () => import('./routes/favorites.tsx') },
  { path: 'catalog', handle: { title: 'Каталог' }, lazy: () => import('./routes/catalog.tsx') },
  { path: 'catalog/:id', handle: { title: 'Каталог' }, lazy: () => import('./routes/catalog-category.tsx') },
  placeholder('profile', 'Профиль'),
  placeholder('basket', 'Корзина'),
  placeholder('referral', 'Пригласить друзей'),
  { path: 'search', handle: { title: 'Поиск' }, lazy: () => import('./routes/search.tsx') },
];

const withoutNavigation: RouteObject[] = [
  placeholder('orders/history', 'Мои заказы'),
  placeholder('orders/placing', 'Оформление заказа'),
  placeholder('orders/details/:id', 'Заказ', { compactBottom: true }),
  placeholder('payment-await', 'Оплата заказа'),
  placeholder('profile/delivery', 'Адреса доставки'),
  placeholder('profile/passport_data', 'Паспортные данные'),
  placeholder('profile/delivery/set', 'Новый адрес'),
  placeholder('profile/delivery/set/:id', 'Адрес доставки'),
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
