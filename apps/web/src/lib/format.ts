// Formatting helpers beside the shared price formatter (`price.ts`) and plurals (`plural.ts`):
// a count with its word ("3 товара") and a date in Russian ("21 ноября 2026 г.").
import { plural } from './plural.ts';

/** "3 товара". */
export const countRu = (n: number, forms: readonly [string, string, string]) => `${n} ${plural(n, forms)}`;

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** "21 ноября 2026 г." from an ISO timestamp. */
export const formatDateRu = (iso: string) => dateFormat.format(new Date(iso));
