// The bonus module's public face: other modules import only from here (eslint: shop/api-modules).
export {
  bonusBalance,
  creditBonus,
  holdForOrder,
  lockBonusAccount,
  returnOrderBonuses,
  setCreditStatus,
  settleOrderHold,
} from './bonus-ledger.ts';
