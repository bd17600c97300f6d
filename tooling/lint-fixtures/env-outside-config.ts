// Linted as apps/web/src/lib/env-outside-config.ts: a build-time setting read outside config/env.ts.
export const cdn = import.meta.env.VITE_SHOP_CDN as string | undefined;
