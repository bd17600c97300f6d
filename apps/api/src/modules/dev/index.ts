// The dev module's public face: other modules import only from here (eslint: shop/api-modules).
export { DEMO_SHOPPER, devRoutes } from './dev.routes.ts';
