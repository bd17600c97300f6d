// The favorites module's public face: other modules import only from here (eslint: shop/api-modules).
export { favoritesRoutes } from './favorites.routes.ts';
