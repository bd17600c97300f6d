// The programmes module's public face: other modules import only from here (eslint: shop/api-modules).
export { bindAtSignIn } from './sign-in-binding.ts';
export { onOrderStatusChanged, onPartialRefund } from './order-hook.ts';
export { placeOrderMoney } from './order-money.ts';
