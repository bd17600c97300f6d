// The cart's line model, shared by the basket and order placing: one line per chosen variant of a
// cart entry, and the units and sum of a set of lines.
import type { CartEntry, CartVariant } from '@shop/contract';

export type CartLine = { entry: CartEntry; variant: CartVariant };

export const cartLines = (cart: CartEntry[]): CartLine[] =>
  cart.flatMap((entry) => entry.variants.map((variant) => ({ entry, variant })));

/** Count of units and their sum. */
export function linesTotal(lines: readonly CartLine[]) {
  return lines.reduce(
    (acc, { variant }) => ({
      units: acc.units + variant.quantity,
      sum: acc.sum + variant.price * variant.quantity,
    }),
    { units: 0, sum: 0 },
  );
}
