// The health module's public face: other modules import only from here (eslint: shop/api-modules).
export { healthRoutes } from './health.routes.ts';
