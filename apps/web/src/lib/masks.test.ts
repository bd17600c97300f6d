import { describe, expect, it } from 'vitest';
import { maskDigits12, maskSeries } from './masks.ts';

describe('digit masks (docs/product.md §5)', () => {
  it('"One numeric input keeps digits only, max 12"', () => {
    expect(maskDigits12('77-07 0491 23 45 99')).toBe('770704912345');
    expect(maskDigits12('abc')).toBe('');
  });

  it('"Another keeps digits only, max 4, inserting a space after the first two once 3 or more digits (12 34)"', () => {
    expect(maskSeries('1')).toBe('1');
    expect(maskSeries('12')).toBe('12');
    expect(maskSeries('123')).toBe('12 3');
    expect(maskSeries('1234')).toBe('12 34');
    expect(maskSeries('12 345')).toBe('12 34');
    expect(maskSeries('a1b2')).toBe('12');
  });

  it('a pasted text with words keeps its digits: the words go before the limit applies', () => {
    expect(maskDigits12('ИНН: 500100732259')).toBe('500100732259');
    expect(maskSeries('серия 4508')).toBe('45 08');
    expect(maskSeries('Серия: 45 08, номер 123456')).toBe('45 08');
  });
});
