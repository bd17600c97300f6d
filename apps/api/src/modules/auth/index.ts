// The auth module's public face: other modules import only from here (eslint: shop/api-modules).
export { findUserById, setBotMayWrite } from './users.repository.ts';
