// The console's CSV export of orders (docs/product.md §12.3).
import { ORDER_STATUS_RU, type AdminOrderRow } from '@shop/contract';

/** Excel opens a `;`-separated UTF-8 file with a BOM correctly in a Russian locale. */
export function ordersCsv(rows: AdminOrderRow[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    // A leading = + - @ would be run as a formula by a spreadsheet, and so would one after a
    // leading tab or carriage return (OWASP «CSV injection»): those are neutralised too.
    const safe = /^[=\-@\t\r]|^\+(?!\d+$)/.test(s) ? `'${s}` : s;
    return /[;"\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const header = [
    'Номер',
    'Дата',
    'Статус',
    'Сумма, ₽',
    'Позиций',
    'Покупатель',
    'Telegram',
    'Получатель',
    'Телефон',
    'Город',
    'Трек-номер',
    'Нужен возврат',
  ];
  const lines = rows.map((r) =>
    [
      r.id,
      r.created_at,
      ORDER_STATUS_RU[r.status],
      r.total,
      r.items_count,
      [r.user.first_name, r.user.last_name].filter(Boolean).join(' '),
      r.user.username ? `@${r.user.username}` : String(r.user.telegram_id),
      r.recipient,
      r.phone_number,
      r.city,
      r.tracking_number,
      r.needs_refund ? 'да' : '',
    ]
      .map(cell)
      .join(';'),
  );
  return `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}
