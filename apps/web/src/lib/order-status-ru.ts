// Russian names of the order statuses of docs/product.md §11, shared by the shopper's orders and the
// merchant's console (features never import each other).
import type { OrderStatus } from '@shop/contract';

export const ORDER_STATUS_RU: Record<OrderStatus, string> = {
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  purchasing: 'Выкупаем товар',
  to_warehouse: 'Едет на склад',
  customs: 'На таможне',
  delivering: 'Доставляется',
  ready_for_pickup: 'Готов к выдаче',
  completed: 'Получен',
  canceled: 'Отменён',
  refunded: 'Возврат оформлен',
};
