// The web module's public face: other modules import only from here (eslint: shop/api-modules).
export { staticWeb } from './static-web.ts';
