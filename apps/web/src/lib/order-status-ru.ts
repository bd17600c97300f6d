// Russian names of the order statuses (the contract's, docs/product.md §11), shared by the
// shopper's orders and the merchant's console (features never import each other).
export { ORDER_STATUS_RU } from '@shop/contract';
