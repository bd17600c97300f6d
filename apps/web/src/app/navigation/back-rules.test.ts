import { describe, expect, it } from 'vitest';
import { resolveBack, shouldShowBackButton } from './back-rules.ts';

const back = (pathname: string, search = '', placingModalOpen = false) =>
  resolveBack({ pathname, search, placingModalOpen });

describe('back button route rules (docs/product.md §2)', () => {
  it('"shown on every page except /"', () => {
    expect(shouldShowBackButton('/', false)).toBe(false);
    expect(shouldShowBackButton('/catalog', false)).toBe(true);
    expect(shouldShowBackButton('/bonus', false)).toBe(true);
    // On home it appears only while a layer (the search overlay, a drawer) is open to be closed.
    expect(shouldShowBackButton('/', true)).toBe(true);
  });

  it('"order placing page with a modal open: closes the modal"', () => {
    expect(back('/orders/placing', '?step=2', true)).toEqual({ type: 'close-placing-modal' });
  });

  it('"payment-await: refreshes the order lists and goes to orders/history"', () => {
    expect(back('/payment-await', '?transaction_guid=x')).toEqual({
      type: 'payment-await',
      to: '/orders/history',
      replace: true,
    });
  });

  it('"orders/placing: goes to step minus one if step is above 0, otherwise home"', () => {
    expect(back('/orders/placing', '?step=3')).toEqual({
      type: 'navigate',
      to: '/orders/placing?step=2',
      replace: false,
    });
    expect(back('/orders/placing', '?step=1')).toEqual({
      type: 'navigate',
      to: '/orders/placing?step=0',
      replace: false,
    });
    expect(back('/orders/placing', '?step=0')).toEqual({ type: 'navigate', to: '/', replace: true });
    expect(back('/orders/placing', '')).toEqual({ type: 'navigate', to: '/', replace: true });
    expect(back('/orders/placing', '?step=abc')).toEqual({ type: 'navigate', to: '/', replace: true });
  });

  it('"find/poizon/search goes to find/poizon; find/poizon to home"', () => {
    expect(back('/find/poizon/search')).toEqual({ type: 'navigate', to: '/find/poizon', replace: true });
    expect(back('/find/poizon')).toEqual({ type: 'navigate', to: '/', replace: true });
  });

  it('"catalog/{id} to catalog; catalog to home"', () => {
    expect(back('/catalog/15')).toEqual({ type: 'navigate', to: '/catalog', replace: true });
    expect(back('/catalog/15/')).toEqual({ type: 'navigate', to: '/catalog', replace: true });
    expect(back('/catalog')).toEqual({ type: 'navigate', to: '/', replace: true });
  });

  it('console pages to the console orders list; the list to the profile', () => {
    expect(back('/admin/orders/12')).toEqual({ type: 'navigate', to: '/admin/orders', replace: true });
    expect(back('/admin/customers/7')).toEqual({ type: 'navigate', to: '/admin/customers', replace: true });
    expect(back('/admin/orders')).toEqual({ type: 'navigate', to: '/admin', replace: true });
    expect(back('/admin/catalog/import')).toEqual({ type: 'navigate', to: '/admin', replace: true });
    expect(back('/admin')).toEqual({ type: 'navigate', to: '/profile', replace: true });
  });

  it('"everything else to home"', () => {
    for (const path of [
      '/basket',
      '/profile/delivery/set/4',
      '/orders/history',
      '/search',
      '/find/photo',
      '/orders/details/3',
    ]) {
      expect(back(path, '?q=x')).toEqual({ type: 'navigate', to: '/', replace: true });
    }
  });
});
