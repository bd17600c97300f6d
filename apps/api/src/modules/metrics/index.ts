// The metrics module's public face: other modules import only from here (eslint: shop/api-modules).
export { default as metricsPlugin } from './metrics.plugin.ts';
