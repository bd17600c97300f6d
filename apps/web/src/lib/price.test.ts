import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('groups thousands with a non-breaking space and adds ₽', () => {
    expect(formatPrice(1490).replace(/\s/g, ' ')).toBe('1 490 ₽');
    expect(formatPrice(990).replace(/\s/g, ' ')).toBe('990 ₽');
    expect(formatPrice(1250000).replace(/\s/g, ' ')).toBe('1 250 000 ₽');
  });

  it('writes what Intl.NumberFormat ru-RU writes, to the character', () => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 99, 999, 1000, 1490, 10_000, 99_999, 100_000, 1_234_567, 987_654_321, 1490.6, -1490])
      expect(formatPrice(n)).toBe(`${intl.format(n)}\u00a0₽`);
  });
});

describe('plural', () => {
  const forms = ['товар', 'товара', 'товаров'] as const;
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [21, 'товар'],
    [104, 'товара'],
    [112, 'товаров'],
  ])('%i → %s', (n, word) => expect(plural(n, forms)).toBe(word));
});
