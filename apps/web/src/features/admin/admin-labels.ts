// Russian words of the console: tabs, roles, notification and payment states, and the statuses a
// staff member may move an order to.
import {
  ORDER_TRANSITIONS,
  roleCan,
  transitionNeedsOwner,
  type AdminOrderSort,
  type AdminOrderTab,
  type NotificationStatus,
  type OrderStatus,
  type StaffRole,
} from '@shop/contract';
import { ORDER_STATUS_RU } from '../../lib/order-status-ru.ts';

export const TAB_RU: Record<AdminOrderTab, string> = { ...ORDER_STATUS_RU, needs_refund: 'Нужен возврат' };

/** The orders list's sorts, as the «Сортировка» select names them. */
export const SORT_RU: Record<AdminOrderSort, string> = {
  newest: 'Сначала новые',
  oldest: 'Сначала старые',
  total_desc: 'Сумма: по убыванию',
  total_asc: 'Сумма: по возрастанию',
  updated: 'Недавно изменённые',
};

export const ROLE_RU: Record<StaffRole, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  moderator: 'Модератор',
  viewer: 'Наблюдатель',
};

export const NOTIFICATION_STATUS_RU: Record<NotificationStatus, string> = {
  pending: 'В очереди',
  sent: 'Отправлено',
  retry: 'Повтор',
  dead: 'Не доставлено',
  skipped: 'Пропущено',
  held: 'Не отправлено (нет токена бота)',
};

export const PAYMENT_STATUS_RU: Record<'pending' | 'succeeded' | 'canceled', string> = {
  pending: 'Ожидает',
  succeeded: 'Проведён',
  canceled: 'Отменён',
};

/**
 * The statuses this role may move an order to by hand: `refunded` comes only through a refund,
 * and marking paid or canceling a paid order is the owner's.
 */
export function manualNextStatuses(from: OrderStatus, role: StaffRole): OrderStatus[] {
  if (!roleCan(role, 'operate')) return [];
  return ORDER_TRANSITIONS[from].filter(
    (to) => to !== 'refunded' && (!transitionNeedsOwner(from, to) || roleCan(role, 'own')),
  );
}

/** Statuses every one of the given orders may move to (for a bulk change). */
export function commonNextStatuses(froms: readonly OrderStatus[], role: StaffRole): OrderStatus[] {
  const [first, ...rest] = froms;
  if (!first) return [];
  return manualNextStatuses(first, role).filter((to) =>
    rest.every((f) => manualNextStatuses(f, role).includes(to)),
  );
}

export type StatusTone = 'pending' | 'ok' | 'done' | 'bad';

export function tabTone(tab: AdminOrderTab): StatusTone {
  if (tab === 'awaiting_payment') return 'pending';
  if (tab === 'completed') return 'done';
  if (tab === 'canceled' || tab === 'refunded' || tab === 'needs_refund') return 'bad';
  return 'ok';
}

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "22.11.26, 20:15" — short enough for a table cell. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
