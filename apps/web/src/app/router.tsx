// Every route of docs/product.md §2, each page loaded lazily through `page()`.
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { NavLayout } from './layouts/nav-layout.tsx';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { adminRoute } from './admin-routes.ts';
import { NoConnection, PageNotFound, RouteError } from './route-error.tsx';
import { paths } from '../lib/paths.ts';

type Extra = Omit<RouteHandle, 'title'>;

const page = (path: string, title: string, lazy: RouteObject['lazy'], extra: Extra = {}): RouteObject => ({
  path,
  handle: { title, ...extra } satisfies RouteHandle,
  lazy: orNoConnection(lazy),
  // Inside the layout: a page whose code or data failed shows «Нет соединения» (route-error.tsx).
  errorElement: <RouteError />,
});

/**
 * A page whose code failed to load becomes the «Нет соединения» page until the document reloads
 * (its retry). Not an error for the router: a route whose `lazy` rejected keeps it, and the router
 * then draws no page at all, errorElement included — the blank screen of issue 27.
 */
function orNoConnection(lazy: RouteObject['lazy']): RouteObject['lazy'] {
  if (typeof lazy !== 'function') return lazy;
  return () =>
    lazy().catch((error: unknown) => {
      console.warn('A page failed to load', error);
      return { Component: NoConnection };
    });
}

/** `/user/999`, the address a shopper guesses, is the blogger page `/user?uid=999`. */
function UserById() {
  const { id } = useParams();
  return /^\d{1,12}$/.test(id ?? '') ? <Navigate to={paths.user(Number(id))} replace /> : <PageNotFound />;
}

const withNavigation: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Главная' } satisfies RouteHandle,
    lazy: orNoConnection(() => import('./routes/home.tsx')),
    errorElement: <RouteError />,
  },
  { path: 'user/:id', handle: { title: 'Пользователь' } satisfies RouteHandle, element: <UserById /> },
  page('user', 'Пользователь', () => import('./routes/programmes/user.tsx')),
  page('favorites', 'Избранное', () => import('./routes/favorites.tsx')),
  page('catalog', 'Каталог', () => import('./routes/catalog.tsx')),
  page('catalog/:id', 'Каталог', () => import('./routes/catalog-category.tsx')),
  page('profile', 'Профиль', () => import('./routes/profile.tsx')),
  page('basket', 'Корзина', () => import('./routes/basket.tsx')),
  page('referral', 'Пригласить друзей', () => import('./routes/programmes/referral.tsx')),
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
  page('blogger/initial', 'Стать блогером', () => import('./routes/programmes/blogger-initial.tsx'), {
    compactBottom: true,
  }),
  page('blogger/moder', 'Модерация', () => import('./routes/programmes/blogger-moder.tsx')),
  page('blogger', 'Кабинет блогера', () => import('./routes/programmes/blogger.tsx')),
  page('bonus', 'Бонусы', () => import('./routes/programmes/bonus.tsx')),
  page('blogger/conclusion', 'Вывод средств', () => import('./routes/programmes/blogger-conclusion.tsx')),
  page(
    'blogger/conclusion/payment',
    'Реквизиты для вывода',
    () => import('./routes/programmes/blogger-payment.tsx'),
  ),
  page('referral/history', 'История приглашений', () => import('./routes/programmes/referral-history.tsx')),
  page('find/poizon', 'Найти на Poizon', () => import('./routes/find-poizon.tsx')),
  page('find/photo', 'Поиск по фото', () => import('./routes/find-photo.tsx')),
  page('find/poizon/search', 'Поиск на Poizon', () => import('./routes/find-poizon-search.tsx')),
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
      // An unknown address says so inside the layout, never a silent trip home (issue 27).
      {
        element: <NavLayout />,
        children: [{ path: '*', handle: { title: 'Страница не найдена' }, element: <PageNotFound /> }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
