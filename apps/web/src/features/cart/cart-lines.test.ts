import type { CartEntry } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { cartLines, linesTotal } from './cart-lines.ts';

const entry = (productId: number, variants: { id: number; price: number; quantity: number }[]) =>
  ({ product_id: productId, variants }) as unknown as CartEntry;

describe('cart lines', () => {
  it('one line per variant of every entry, in cart order', () => {
    const cart = [
      entry(1, [
        { id: 10, price: 100, quantity: 1 },
        { id: 11, price: 200, quantity: 2 },
      ]),
      entry(2, [{ id: 20, price: 50, quantity: 3 }]),
    ];
    expect(cartLines(cart).map((l) => l.variant.id)).toEqual([10, 11, 20]);
    expect(cartLines(cart)[2]!.entry.product_id).toBe(2);
  });

  it('adds units and price × quantity', () => {
    const lines = cartLines([
      entry(1, [
        { id: 10, price: 100, quantity: 1 },
        { id: 11, price: 200, quantity: 2 },
      ]),
    ]);
    expect(linesTotal(lines)).toEqual({ units: 3, sum: 500 });
    expect(linesTotal([])).toEqual({ units: 0, sum: 0 });
  });
});
