// Shared formatting: prices as "1 490 ₽" (integer roubles, a no-break space between groups and
// before the sign) and Russian plurals ("1 товар", "2 товара", "5 товаров").

const priceFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

export function formatPrice(roubles: number): string {
  // ru-RU groups with U+00A0 already; the sign is separated the same way so it never wraps alone.
  return `${priceFormat.format(roubles)}\u00a0₽`;
}

/** Picks the Russian plural form for n: [one, few, many], e.g. ['товар', 'товара', 'товаров']. */
export function pluralRu(n: number, forms: readonly [string, string, string]): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs > 10 && abs < 20) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** "3 товара". */
export const countRu = (n: number, forms: readonly [string, string, string]) => `${n} ${pluralRu(n, forms)}`;

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** "21 ноября 2026 г." from an ISO timestamp. */
export const formatDateRu = (iso: string) => dateFormat.format(new Date(iso));
