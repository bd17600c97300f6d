// The admin module's public face: other modules import only from here (eslint: shop/api-modules).
export { adminRoutes } from './admin.routes.ts';
