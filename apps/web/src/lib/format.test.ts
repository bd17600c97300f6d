import { describe, expect, it } from 'vitest';
import { countRu, formatDateRu, formatDayRange } from './format.ts';

describe('countRu', () => {
  it.each([
    [1, '1 товар'],
    [3, '3 товара'],
    [5, '5 товаров'],
    [11, '11 товаров'],
    [22, '22 товара'],
  ])('%i → %s', (n, text) => expect(countRu(n, ['товар', 'товара', 'товаров'])).toBe(text));
});

describe('formatDateRu', () => {
  it('writes the date in Russian', () =>
    expect(formatDateRu('2026-11-21T07:00:00Z')).toMatch(/^21 ноября 2026/));
});

describe('formatDayRange', () => {
  it('writes a delivery window in Russian', () => {
    expect(formatDayRange('2026-12-12', '2026-12-19')).toBe('12–19 декабря');
    expect(formatDayRange('2026-11-28', '2026-12-03')).toBe('28 ноября – 3 декабря');
    expect(formatDayRange('2026-12-12', '2026-12-12')).toBe('12 декабря');
  });
});
