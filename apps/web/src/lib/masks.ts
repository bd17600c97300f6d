// The two digit-only masks of docs/product.md §5. Their purpose is not shown; DESIGN.md uses them for the
// 12-digit INN and the passport series ("12 34").

/** Digits only, at most 12. */
export function maskDigits12(value: string): string {
  return value.replace(/\D/g, '').slice(0, 12);
}

/** Digits only, at most 4, with a space after the first two once there are 3 or more. */
export function maskSeries(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length >= 3 ? `${digits.slice(0, 2)} ${digits.slice(2)}` : digits;
}
