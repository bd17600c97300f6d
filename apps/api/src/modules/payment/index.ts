// The payment module's public face: other modules import only from here (eslint: shop/api-modules).
export { type PaymentProvider, PaymentProviderError, type ProviderRefund } from './payment-provider.ts';
