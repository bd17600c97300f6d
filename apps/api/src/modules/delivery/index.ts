// The delivery module's public face: other modules import only from here (eslint: shop/api-modules).
export { findAddress, snapshotOf, toOrderDelivery, toOrderQuote } from './delivery.repository.ts';
export { quoteForOrder } from './order-quote.ts';
export { listShipments } from './shipments.ts';
export { shopperAddressId, shopperAddressSnapshot } from './shopper-address.ts';
