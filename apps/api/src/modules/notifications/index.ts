// The notifications module's public face: other modules import only from here (eslint: shop/api-modules).
export {
  deliveryChangedText,
  lapsedText,
  ORDER_BUTTON_TEXT,
  orderStatusText,
  PAY_BUTTON_TEXT,
  paymentLinkText,
  refundText,
  REORDER_BUTTON_TEXT,
  SHOP_BUTTON_TEXT,
} from './order-messages.ts';
export { OutboxWorker, type OutgoingMessage, type WorkerOptions } from './outbox-worker.ts';
export {
  alertStaff,
  enqueueNotification,
  listOrderNotifications,
  markChatReachable,
  type MessageButton,
  notifyOrderShopper,
  notifyOrderStatus,
  resendNotification,
} from './outbox.repository.ts';
