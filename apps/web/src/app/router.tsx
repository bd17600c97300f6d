// Every route of docs/product.md §2, each page loaded lazily through `page()`. React Router in its
// declarative mode (`<BrowserRouter>` and `useRoutes`): the app uses none of the data router's
// loaders, actions or fetchers, and leaving `createBrowserRouter` out takes ≈ 18 KB gzip off the
// first screen (docs/decisions/044). A page's module loads when its route is first matched — the
// server preloads the first screen's with the HTML — and navigations are transitions, so the page
// shown stays until the next one has loaded, as the data router's lazy routes did.
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { NavLayout } from './layouts/nav-layout.tsx';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage, type PageModule } from './lazy-page.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import type { RouteHandle } from './route-handle.ts';
import { adminRoute } from './admin-routes.tsx';

type Extra = Omit<RouteHandle, 'title'>;
type PageRoute = { path: string; handle: RouteHandle; element: ReactNode };

const page = (
  path: string,
  title: string,
  load: () => Promise<PageModule>,
  extra: Extra = {},
): PageRoute => ({
  path,
  handle: { title, ...extra } satisfies RouteHandle,
  element: lazyPage(load),
});

const withNavigation: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Главная' } satisfies RouteHandle,
    element: lazyPage(() => import('./routes/home.tsx')),
  },
  page('user', 'Пользователь', () => import('./routes/programmes/user.tsx')),
  page('favorites', 'Избранное', () => import('./routes/favorites.tsx')),
  page('catalog', 'Каталог', () => import('./routes/catalog.tsx')),
  page('catalog/:id', 'Каталог', () => import('./routes/catalog-category.tsx')),
  page('profile', 'Профиль', () => import('./routes/profile.tsx')),
  page('basket', 'Корзина', () => import('./routes/basket.tsx')),
  page('referral', 'Пригласить друзей', () => import('./routes/programmes/referral.tsx')),
  page('search', 'Поиск', () => import('./routes/search.tsx')),
];

const withoutNavigation: PageRoute[] = [
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

// A few pages use less bottom padding in the layout without navigation (docs/product.md §2).
const compact = withoutNavigation.filter((route) => route.handle.compactBottom);
const regular = withoutNavigation.filter((route) => !route.handle.compactBottom);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <NavLayout />, children: withNavigation },
      { element: <PlainLayout />, children: regular },
      { element: <PlainLayout compactBottom />, children: compact },
      adminRoute,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

function Routes(): ReactNode {
  const { pathname } = useLocation();
  return <PageErrorBoundary resetKey={pathname}>{useRoutes(routes)}</PageErrorBoundary>;
}

/** The app's routes under the browser's address; a page still loading shows the spinner. */
export function AppRouter({ fallback: Fallback = FullScreenSpinner }: { fallback?: ComponentType }) {
  return (
    <BrowserRouter>
      <Suspense fallback={<Fallback />}>
        <Routes />
      </Suspense>
    </BrowserRouter>
  );
}
