// Date input format of spec §5: month/day/year with slashes; anything else is "Date input not valid.".
import { format, isValid, parse } from 'date-fns';

export const DATE_FORMAT = 'MM/dd/yyyy';
export const INVALID_DATE_MESSAGE = 'Date input not valid.';

export function parseDateInput(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return null;
  const date = parse(trimmed, DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
}

export const formatDateInput = (date: Date) => format(date, DATE_FORMAT);

/** Keeps digits and inserts the slashes as the user types: 12312000 → 12/31/2000. */
export function maskDateInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
