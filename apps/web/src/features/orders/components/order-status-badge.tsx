import type { OrderStatus } from '@shop/contract';
import { ORDER_STATUS_RU, statusTone } from '../order-status.ts';
import './orders.css';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status--${statusTone(status)}`}>{ORDER_STATUS_RU[status]}</span>
  );
}
