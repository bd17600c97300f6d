// The delivery module's public face: other modules import only from here (eslint: shop/api-modules).
export { findAddress } from './delivery.repository.ts';
