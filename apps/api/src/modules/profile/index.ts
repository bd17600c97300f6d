// The profile module's public face: other modules import only from here (eslint: shop/api-modules).
export { profileRoutes } from './profile.routes.ts';
