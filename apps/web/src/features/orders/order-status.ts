// Where each order status of DESIGN §5 sits on the progress line; the Russian names live in lib/.
import type { OrderStatus } from '@shop/contract';

export { ORDER_STATUS_RU } from '../../lib/order-status-ru.ts';

/** The progress line shown on an order: the happy path after placing. */
export const PROGRESS_STEPS: readonly { status: OrderStatus; label: string }[] = [
  { status: 'awaiting_payment', label: 'Оплата' },
  { status: 'paid', label: 'Оплачен' },
  { status: 'purchasing', label: 'Выкуп' },
  { status: 'to_warehouse', label: 'Склад' },
  { status: 'customs', label: 'Таможня' },
  { status: 'delivering', label: 'В пути' },
  { status: 'ready_for_pickup', label: 'Пункт выдачи' },
  { status: 'completed', label: 'Получен' },
];

/** Index on the progress line; -1 when the order left it (canceled, refunded). */
export const progressIndex = (status: OrderStatus) => PROGRESS_STEPS.findIndex((s) => s.status === status);

export const isActiveStatus = (status: OrderStatus) => status !== 'completed' && status !== 'canceled';

export type StatusTone = 'pending' | 'ok' | 'done' | 'bad';

export function statusTone(status: OrderStatus): StatusTone {
  if (status === 'awaiting_payment') return 'pending';
  if (status === 'completed') return 'done';
  if (status === 'canceled' || status === 'refunded') return 'bad';
  return 'ok';
}
