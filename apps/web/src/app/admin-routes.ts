// The console's pages under /admin (DESIGN §7.2), every one lazy so none of it reaches the
// shopper's first screen.
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

const page = (title: string, lazy: RouteObject['lazy'], path?: string): RouteObject =>
  path === undefined
    ? { index: true, handle: { title } satisfies RouteHandle, lazy }
    : { path, handle: { title } satisfies RouteHandle, lazy };

export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: () => import('./routes/admin/layout.tsx'),
  children: [
    page('Заказы', () => import('./routes/admin/orders.tsx')),
    page('Заказ', () => import('./routes/admin/order-details.tsx'), 'orders/:id'),
    page('Каталог', () => import('./routes/admin/catalog.tsx'), 'catalog'),
    page('Импорт каталога', () => import('./routes/admin/catalog-import.tsx'), 'catalog/import'),
    page('Сотрудники', () => import('./routes/admin/staff.tsx'), 'staff'),
    page('Настройки', () => import('./routes/admin/settings.tsx'), 'settings'),
    page('Журнал действий', () => import('./routes/admin/audit.tsx'), 'audit'),
  ],
};
