import { describe, expect, it } from 'vitest';
import { countRu, formatPrice, pluralRu } from './format.ts';

const ITEMS = ['товар', 'товара', 'товаров'] as const;

describe('formatPrice', () => {
  it('groups thousands and adds the rouble sign: "1 490 ₽"', () => {
    expect(formatPrice(1490).replace(/\s/g, ' ')).toBe('1 490 ₽');
    expect(formatPrice(129990).replace(/\s/g, ' ')).toBe('129 990 ₽');
    expect(formatPrice(0).replace(/\s/g, ' ')).toBe('0 ₽');
  });
});

describe('pluralRu', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [111, 'товаров'],
    [0, 'товаров'],
  ])('%i → %s', (n, form) => {
    expect(pluralRu(n, ITEMS)).toBe(form);
  });
  it('countRu joins the number', () => expect(countRu(3, ITEMS)).toBe('3 товара'));
});
