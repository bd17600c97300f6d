// The Russian texts the bot sends a shopper about their order (docs/product.md §12.4).
import type { OrderStatus } from '@shop/contract';

const STATUS_TEXT: Record<OrderStatus, (n: string) => string> = {
  awaiting_payment: (n) => `Заказ ${n} ждёт оплаты.`,
  paid: (n) => `Заказ ${n} оплачен. Спасибо! Мы начинаем выкуп.`,
  purchasing: (n) => `Заказ ${n} выкупается у продавца.`,
  to_warehouse: (n) => `Заказ ${n} выкуплен и едет на наш склад.`,
  customs: (n) => `Заказ ${n} проходит таможенное оформление.`,
  delivering: (n) => `Заказ ${n} передан в доставку.`,
  ready_for_pickup: (n) => `Заказ ${n} ждёт вас в пункте выдачи.`,
  completed: (n) => `Заказ ${n} получен. Спасибо за покупку!`,
  canceled: (n) => `Заказ ${n} отменён.`,
  refunded: (n) => `По заказу ${n} оформлен возврат денег.`,
};

export function orderStatusText(
  orderId: number,
  status: OrderStatus,
  { trackingNumber, comment }: { trackingNumber?: string | null; comment?: string | null } = {},
): string {
  const lines = [STATUS_TEXT[status](`№${orderId}`)];
  if (trackingNumber) lines.push(`Трек-номер: ${trackingNumber}`);
  if (comment) lines.push(comment);
  return lines.join('\n');
}

/** When refunded money reaches the shopper (YooKassa: card refunds take up to 30 days, usually days). */
export const REFUND_ARRIVES =
  'Деньги придут на карту в течение нескольких дней (по правилам банка — до 30 дней).';

export const refundText = (orderId: number, amount: number) =>
  `Мы вернули ${amount.toLocaleString('ru-RU')} ₽ по заказу №${orderId}. ${REFUND_ARRIVES}`;

/** An unpaid order that lapsed: its goods are back in the cart, one tap orders them again. */
export const lapsedText = (orderId: number) =>
  `Заказ №${orderId} отменён: время на оплату истекло. Товары вернулись в корзину — оформите заказ снова, пока они в наличии.`;
export const REORDER_BUTTON_TEXT = 'Оформить снова';

/** The button under every message about an order. */
export const ORDER_BUTTON_TEXT = 'Открыть заказ';
export const SHOP_BUTTON_TEXT = 'Открыть магазин';

/** A manual order (placed in the console for a shopper who ordered in a chat): the payment link. */
export const paymentLinkText = (orderId: number, toPay: number, ttlMin: number) =>
  `Мы оформили для вас заказ №${orderId} на ${toPay.toLocaleString('ru-RU')} ₽. Оплатите его в течение ${ttlMin} мин — кнопка ниже.`;
export const PAY_BUTTON_TEXT = 'Оплатить заказ';

/** The console changed an order's delivery before it shipped. */
export const deliveryChangedText = (
  orderId: number,
  d: { kind?: 'courier' | 'pickup'; city: string; address: string },
) =>
  `Мы изменили доставку заказа №${orderId}: ${d.kind === 'pickup' ? 'пункт выдачи' : 'адрес'} — ${[d.city, d.address].filter(Boolean).join(', ')}.`;
