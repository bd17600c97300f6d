import { describe, expect, it } from 'vitest';
import { countRu, formatDateRu } from './format.ts';

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
