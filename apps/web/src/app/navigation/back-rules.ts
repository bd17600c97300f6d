// Where Telegram's back button leads once no layer is open (docs/product.md §2). Pure, so each rule is tested.
import { paths } from '../../lib/paths.ts';

export type BackAction =
  | { type: 'close-placing-modal' }
  /** Refresh the order lists, then go to orders/history. */
  | { type: 'payment-await'; to: '/orders/history'; replace: true }
  | { type: 'navigate'; to: string; replace: boolean };

export type BackContext = { pathname: string; search: string; placingModalOpen: boolean };

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function resolveBack({ pathname, search, placingModalOpen }: BackContext): BackAction {
  const path = normalise(pathname);
  if (path === '/orders/placing') {
    if (placingModalOpen) return { type: 'close-placing-modal' };
    const step = Number(new URLSearchParams(search).get('step') ?? 0);
    // Steps are pushed going forward, so going back one step is a new entry too.
    if (Number.isInteger(step) && step > 0)
      return { type: 'navigate', to: paths.placing(step - 1), replace: false };
    return { type: 'navigate', to: '/', replace: true };
  }
  if (path === '/payment-await') return { type: 'payment-await', to: '/orders/history', replace: true };
  if (path === '/find/poizon/search') return { type: 'navigate', to: '/find/poizon', replace: true };
  if (path === '/find/poizon') return { type: 'navigate', to: '/', replace: true };
  if (/^\/catalog\/[^/]+$/.test(path)) return { type: 'navigate', to: '/catalog', replace: true };
  // The console (docs/product.md §12.2): an order's card leads to the orders list, a customer's to
  // the customers, its other pages to its first page (the dashboard), that to the profile it opened from.
  if (path === '/admin') return { type: 'navigate', to: '/profile', replace: true };
  if (/^\/admin\/orders\/\d+$/.test(path)) return { type: 'navigate', to: '/admin/orders', replace: true };
  if (/^\/admin\/customers\/\d+$/.test(path))
    return { type: 'navigate', to: '/admin/customers', replace: true };
  if (path.startsWith('/admin/')) return { type: 'navigate', to: '/admin', replace: true };
  return { type: 'navigate', to: '/', replace: true };
}

/** The back button is shown on every page but home, and on home while a layer is open. */
export const shouldShowBackButton = (pathname: string, layersOpen: boolean) =>
  layersOpen || normalise(pathname) !== '/';
