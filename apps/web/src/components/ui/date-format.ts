// Date input format of docs/product.md §5: month/day/year with slashes; anything else gets a Russian
// message (issue 27: the spec's English «Date input not valid.» told a Russian shopper nothing).
// Russian shoppers type day.month.year; the mask reads that and turns it into the spec's format.
import { format, isValid, parse } from 'date-fns';

export const DATE_FORMAT = 'MM/dd/yyyy';
export const INVALID_DATE_MESSAGE = 'Такой даты нет — введите месяц/день/год';

const inWords = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** «2 марта 1992 г.»: said beside the field, so a day and month read the other way round show. */
export const dateInWords = (date: Date): string => inWords.format(date);

export function parseDateInput(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return null;
  const date = parse(trimmed, DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
}

export const formatDateInput = (date: Date) => format(date, DATE_FORMAT);

/**
 * Keeps digits and inserts the slashes as the user types: 12312000 → 12/31/2000. A date typed
 * the Russian way, day first with dots (01.05.1990, or 1.5.1990), is read as day.month.year and
 * shown in the field's month/day/year once complete (05/01/1990), so it is never silently taken
 * for 5 January.
 */
export function maskDateInput(text: string): string {
  if (text.includes('.') && !text.includes('/')) return maskDottedDate(text);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

function maskDottedDate(text: string): string {
  // A one-digit day or month closed by a dot gets its leading zero: "1.5." → "01.05.".
  const parts = text.split('.').map((part) => part.replace(/\D/g, ''));
  const digits = parts
    .map((part, i) => (i < 2 && i < parts.length - 1 && part.length === 1 ? `0${part}` : part))
    .join('')
    .slice(0, 8);
  if (digits.length === 8) {
    const date = parse(digits, 'ddMMyyyy', new Date());
    if (isValid(date)) return formatDateInput(date);
  }
  let masked = digits.slice(0, 2);
  if (digits.length > 2 || (digits.length === 2 && text.trimEnd().endsWith('.'))) masked += '.';
  masked += digits.slice(2, 4);
  if (digits.length > 4 || (digits.length === 4 && text.trimEnd().endsWith('.'))) masked += '.';
  return masked + digits.slice(4);
}
