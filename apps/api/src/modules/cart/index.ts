// The cart module's public face: other modules import only from here (eslint: shop/api-modules).
export { addToCart, removeLines, restoreLines } from './cart.repository.ts';
export { remindAbandonedCarts } from './cart-reminder.ts';
