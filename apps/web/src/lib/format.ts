// Formatting helpers beside the shared price formatter (`price.ts`) and plurals (`plural.ts`):
// a count with its word ("3 товара") and a date in Russian ("21 ноября 2026 г.").
import { plural } from './plural.ts';

/** "3 товара". */
export const countRu = (n: number, forms: readonly [string, string, string]) => `${n} ${plural(n, forms)}`;

// Each date format is made on its first use, not when the module loads: making one costs tens of
// milliseconds of a slow phone's main thread (the first with the local time zone most), and the
// product drawer's delivery line, which loads this module, needs two of the three
// (docs/decisions/067).
const lazily = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const dateFormat = lazily(
  () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }),
);

/** "21 ноября 2026 г." from an ISO timestamp. */
export const formatDateRu = (iso: string) => dateFormat().format(new Date(iso));

const dayMonth = lazily(
  () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const dayOnly = lazily(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', timeZone: 'UTC' }));

/**
 * A delivery window from two `YYYY-MM-DD` days: «12–19 декабря», «28 ноября – 3 декабря», or
 * one day «12 декабря».
 */
export function formatDayRange(from: string, to: string): string {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (from === to) return dayMonth().format(a);
  if (a.getUTCMonth() === b.getUTCMonth() && a.getUTCFullYear() === b.getUTCFullYear())
    return `${dayOnly().format(a)}–${dayMonth().format(b)}`;
  return `${dayMonth().format(a)} – ${dayMonth().format(b)}`;
}
