// The audit log in Russian (docs/product.md §12.1): every kind of admin write the API records, the
// objects it touches, and the fields of its before → after, so the log reads without JSON.
import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import { formatPrice } from '../../lib/price.ts';
import { ORDER_STATUS_RU } from '../../lib/order-status-ru.ts';
import { ROLE_RU } from './admin-labels.ts';

/** Every `action` the API writes (audit-labels.test.ts reads the API's sources to hold this true). */
export const ACTION_RU: Record<string, string> = {
  'order.status': 'Статус заказа',
  'order.note': 'Заметка к заказу',
  'order.refund': 'Возврат денег',
  'order.restore': 'Заказ восстановлен',
  'order.manual': 'Заказ оформлен вручную',
  'order.delivery': 'Доставка заказа изменена',
  'order.answer': 'Ответ покупателю',
  'order.passport_reveal': 'Просмотр паспорта',
  'passport.reveal': 'Просмотр паспорта',
  'shipment.add': 'Отправление добавлено',
  'shipment.edit': 'Отправление изменено',
  'shipment.register': 'Отправление зарегистрировано',
  'delivery.webhook': 'Статус доставки от службы',
  'purchase.bought': 'Выкуплено на Poizon',
  'product.create': 'Товар создан',
  'product.update': 'Товар изменён',
  'product.picture': 'Фото товара',
  'product.pictures_order': 'Порядок фото',
  'variant.update': 'Вариант изменён',
  'variant.undo': 'Изменение варианта отменено',
  'variant.stock': 'Остаток изменён',
  'catalog.import': 'Импорт каталога',
  'find_request.quote': 'Цена по запросу',
  'find_request.in_progress': 'Запрос взят в работу',
  'find_request.rejected': 'Запрос отклонён',
  'settings.find': 'Настройки поиска на Poizon',
  'blogger.approved': 'Блогер одобрен',
  'blogger.rejected': 'Блогеру отказано',
  'blogger.changes_requested': 'Блогеру: нужны правки',
  'payout.paid': 'Выплата проведена',
  'payout.rejected': 'Выплата отклонена',
  'payout.reveal': 'Просмотр реквизитов выплаты',
  'staff.add': 'Сотрудник добавлен',
  'staff.role': 'Роль сотрудника',
  'staff.remove': 'Сотрудник удалён',
  'staff.alerts': 'Уведомления сотрудника',
  'notification.resend': 'Сообщение отправлено снова',
};

/** The «Что» filter: families of actions, each the API's `action=<family>`. */
export const ACTION_FAMILY_RU: Record<string, string> = {
  order: 'Заказы',
  shipment: 'Отправления',
  product: 'Товары',
  variant: 'Варианты',
  catalog: 'Импорт',
  find_request: 'Запросы Poizon',
  blogger: 'Блогеры',
  payout: 'Выплаты',
  staff: 'Сотрудники',
  passport: 'Паспорта',
};

export const ENTITY_RU: Record<string, string> = {
  order: 'заказ',
  order_item: 'позиция заказа',
  product: 'товар',
  variant: 'вариант',
  staff: 'сотрудник',
  notification: 'сообщение',
  catalog: 'каталог',
  delivery: 'доставка',
  find_request: 'запрос',
  settings: 'настройки',
  blogger: 'блогер',
  payout: 'выплата',
};

const FIELD_RU: Record<string, string> = {
  status: 'Статус',
  price: 'Цена',
  qty: 'Остаток',
  qty_delta: 'Остаток',
  quote_rub: 'Цена',
  amount: 'Сумма',
  reason: 'Причина',
  comment: 'Комментарий',
  note: 'Заметка',
  text: 'Текст',
  title: 'Название',
  size: 'Размер',
  role: 'Роль',
  tracking_number: 'Трек-номер',
  is_published: 'Опубликован',
  restock: 'Вернуть на склад',
};

const MONEY = new Set(['price', 'quote_rub', 'amount']);

function valueRu(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number' && MONEY.has(key)) return formatPrice(value);
  if (key === 'status' && typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value))
    return ORDER_STATUS_RU[value as OrderStatus];
  if (key === 'role' && typeof value === 'string' && value in ROLE_RU)
    return ROLE_RU[value as keyof typeof ROLE_RU];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The change as Russian lines, one per field that has a name: «Статус: Оплачен → Отменён»,
 * «Цена: 4 490 ₽ → 3 990 ₽»; a field with no Russian name is left out (null: nothing to say).
 */
export function describeChange(before: unknown, after: unknown): string[] {
  const b = record(before);
  const a = record(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k in FIELD_RU);
  return keys.flatMap((k) => {
    const was = valueRu(k, b[k]);
    const now = valueRu(k, a[k]);
    if (!(k in b)) return [`${FIELD_RU[k]}: ${now}`];
    if (!(k in a) || was === now) return was === now ? [] : [`${FIELD_RU[k]}: ${was} → —`];
    return [`${FIELD_RU[k]}: ${was} → ${now}`];
  });
}

/** The action in Russian; an unknown one (a newer API) by its family, else as it is. */
export const actionRu = (action: string): string =>
  ACTION_RU[action] ?? ACTION_FAMILY_RU[action.split('.')[0] ?? ''] ?? action;
