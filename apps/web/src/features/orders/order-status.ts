// Where each order status of docs/product.md §11 sits on the progress line; the Russian names live in lib/.
import { isActiveOrder, type OrderStatus } from '@shop/contract';
import { countRu } from '../../lib/format.ts';

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

/** Active = neither completed nor canceled; the rule lives in the contract. */
export const isActiveStatus = isActiveOrder;

export type StatusTone = 'pending' | 'ok' | 'done' | 'bad';

export function statusTone(status: OrderStatus): StatusTone {
  if (status === 'awaiting_payment') return 'pending';
  if (status === 'completed') return 'done';
  if (status === 'canceled' || status === 'refunded') return 'bad';
  return 'ok';
}

const MINUTES = ['минуту', 'минуты', 'минут'] as const;

/**
 * How long an unpaid order still keeps its stock, from the server's `expires_at` (the TTL is a
 * server setting, so the app never assumes one); null when unknown or already past.
 */
export function paymentTimeLeft(expiresAt: string | null | undefined, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const minutes = Math.ceil((Date.parse(expiresAt) - now) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? countRu(minutes, MINUTES) : null;
}
