// The find-photo module's public face: other modules import only from here (eslint: shop/api-modules).
export { MAX_INPUT_PIXELS } from './hash-features.ts';
