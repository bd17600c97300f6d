// The console under /admin (docs/product.md §12.2): one lazy entry, whose own routes load each page lazily,
// so the shopper's first screen carries a single import of it and nothing more.
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.tsx';

export const adminRoute: RouteObject = {
  path: 'admin/*',
  element: lazyPage(() => import('./routes/admin/admin-app.tsx')),
};
