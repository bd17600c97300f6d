// One order lifecycle (docs/decisions/046-order-lifecycle.md, DESIGN §7.6): the named actions that
// alone change an order's status, and with it, in the caller's one transaction, the stock, the
// cart, the bonus holds, the programmes' rewards and commissions, and the outbox. Routes, the
// payment webhook, the refund path, the console and the jobs call these and nothing else.
//
// | action     | from → to                                   | besides the status                                   |
// |------------|---------------------------------------------|------------------------------------------------------|
// | place      | – → awaiting_payment                        | stock reserved, lines out of the cart, bonuses held  |
// | markPaid   | awaiting_payment → paid                     | bonuses spent, rewards pending; shopper + staff told |
// | lapse      | awaiting_payment → canceled                 | stock and cart back, hold released; «Оформить снова» |
// | cancel     | awaiting_payment, paid, purchasing → canceled | stock held back on sale, bonuses back, rewards off |
// | advance    | forward along the path                      | the status message (with the tracking number)        |
// | complete   | … → completed                               | reward and commission available                      |
// | refund     | any → refunded when everything paid is back | one message; stock held back; claw-backs; pro rata   |
// | restore    | canceled → paid (money arrived too late)    | stock taken again, lines out of the cart             |
// | changeDelivery | status kept, before it ships            | the address snapshot replaced; the shopper told      |
export {
  place,
  PASSPORT_REQUIRED,
  NOTHING_TO_PAY,
  SHOPPER_PASSPORT_REQUIRED,
  type PlacedBy,
} from './place.ts';
export { markPaid, type MarkPaidOutcome } from './mark-paid.ts';
export { lapse } from './lapse.ts';
export { expireUnpaidOrders, lapseUnpaidOrders } from './lapse-sweeper.ts';
export { advance, advanceByCarrier, cancel, complete, type MoveMeta } from './moves.ts';
export { refund, type SucceededRefund } from './refund.ts';
export { restore } from './restore.ts';
export { changeDelivery } from './delivery-change.ts';
export { invalidTransition } from './errors.ts';
export { orderMoneyState, type OrderMoneyState } from './money.ts';
