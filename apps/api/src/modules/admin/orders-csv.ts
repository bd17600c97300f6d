// The console's CSV exports of orders (docs/product.md §12.3): one row per order with its money
// (goods, discount, bonuses, to pay, paid, refunded) and goods, or one row per order line; dates
// in the shop's time zone as «26.11.2026 16:28», which a spreadsheet reads as a date.
import { ORDER_STATUS_RU, type AdminOrderRow } from '@shop/contract';

export type ExportLine = {
  title: string;
  variant_title: string;
  size: string | null;
  price: number;
  quantity: number;
};
export type ExportOrder = AdminOrderRow & {
  discount: number;
  bonus_used: number;
  to_pay: number;
  paid: number;
  refunded: number;
  lines: ExportLine[];
};

/** A cell as text; a leading = + - @ (or one after a tab or carriage return) is not run as a formula. */
function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  // OWASP «CSV injection»: a spreadsheet runs a cell that starts with these as a formula.
  const safe = /^[=\-@\t\r]|^\+(?!\d+$)/.test(s) ? `'${s}` : s;
  return /[;"\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Excel opens a `;`-separated UTF-8 file with a BOM correctly in a Russian locale. */
const csvOf = (header: string[], rows: (string | number | null)[][]) =>
  `\uFEFF${[header.join(';'), ...rows.map((r) => r.map(cell).join(';'))].join('\r\n')}\r\n`;

/** «26.11.2026 16:28» in the shop's time zone. */
export function shopDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

const buyer = (r: AdminOrderRow) => [r.user.first_name, r.user.last_name].filter(Boolean).join(' ');
const telegram = (r: AdminOrderRow) => (r.user.username ? `@${r.user.username}` : String(r.user.telegram_id));
const lineText = (l: ExportLine) =>
  `${l.title} · ${l.variant_title}${l.size && !l.variant_title.includes(l.size) ? `, ${l.size}` : ''} × ${l.quantity}`;

export function ordersCsv(rows: ExportOrder[], timeZone: string): string {
  const header = [
    'Номер',
    'Дата',
    'Статус',
    'Сумма товаров, ₽',
    'Скидка, ₽',
    'Бонусы, ₽',
    'К оплате, ₽',
    'Оплачено, ₽',
    'Возвращено, ₽',
    'Позиций',
    'Товары',
    'Покупатель',
    'Telegram',
    'Получатель',
    'Телефон',
    'Город',
    'Трек-номер',
    'Нужен возврат',
  ];
  return csvOf(
    header,
    rows.map((r) => [
      r.id,
      shopDateTime(r.created_at, timeZone),
      ORDER_STATUS_RU[r.status],
      r.total,
      r.discount,
      r.bonus_used,
      r.to_pay,
      r.paid,
      r.refunded,
      r.items_count,
      r.lines.map(lineText).join('; '),
      buyer(r),
      telegram(r),
      r.recipient,
      r.phone_number,
      r.city,
      r.tracking_number,
      r.needs_refund ? 'да' : '',
    ]),
  );
}

/** One row per order line: what to buy, for whom, at what price (a purchase list in a spreadsheet). */
export function orderLinesCsv(rows: ExportOrder[], timeZone: string): string {
  const header = [
    'Номер',
    'Дата',
    'Статус',
    'Товар',
    'Вариант',
    'Размер',
    'Количество',
    'Цена, ₽',
    'Сумма, ₽',
    'Покупатель',
    'Telegram',
    'Получатель',
    'Город',
  ];
  return csvOf(
    header,
    rows.flatMap((r) =>
      r.lines.map((l) => [
        r.id,
        shopDateTime(r.created_at, timeZone),
        ORDER_STATUS_RU[r.status],
        l.title,
        l.variant_title,
        l.size,
        l.quantity,
        l.price,
        l.price * l.quantity,
        buyer(r),
        telegram(r),
        r.recipient,
        r.city,
      ]),
    ),
  );
}
