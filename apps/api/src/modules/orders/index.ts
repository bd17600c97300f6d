// The orders module's public face: other modules import only from here (eslint: shop/api-modules).
export * from './lifecycle/index.ts';
export { findOrder, ORDER_NOT_FOUND } from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
