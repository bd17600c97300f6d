// Linted as apps/web/src/features/cart/storage-outside-lib.ts: browser storage outside lib/storage.ts.
export const token = localStorage.getItem('access_token');
export const flag = window.sessionStorage.getItem('shop/debug');
