// The refunds module's public face: other modules import only from here (eslint: shop/api-modules).
export {
  createRefund,
  listOrderRefunds,
  needsRefundSql,
  orderMoney,
  syncProviderRefund,
} from './refunds.repository.ts';
