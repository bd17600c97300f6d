// The passport module's public face: other modules import only from here (eslint: shop/api-modules).
export { openForUser, sealForUser } from './passport-crypto.ts';
export { hasPassport, loadPassport, maskPassport } from './passport.repository.ts';
