// The product drawer's choice of colour and size (docs/product.md §4, §5), kept pure so it can be tested:
// colours in variant order; an "extra level" (a size under the colour) exists when a colour has
// more than one variant; the first colour is preselected, and the first variant too when no
// extra level exists; changing colour resets the size if an extra level exists; qty-0 variants
// can never be chosen; the size picker shows only if the product is in none of the contract's
// sizeless categories, or a colour is chosen, or no extra level exists.
import {
  colorsOf,
  SIZELESS_CATEGORY_IDS,
  variantsForColor,
  type Product,
  type Variant,
} from '@shop/contract';

// The gallery's order is in the contract: the server preloads its first picture (decision 033).
export { colorsOf, galleryFor, pictureForColor, variantsForColor } from '@shop/contract';

export type Selection = { color: string | null; variantId: number | null };

export function hasExtraLevel(product: Product): boolean {
  const colors = colorsOf(product);
  if (colors.length === 0) return product.variants.length > 1;
  return colors.some((c) => variantsForColor(product, c).length > 1);
}

export const isSelectable = (v: Variant | undefined): v is Variant => !!v && v.qty > 0;

export function initialSelection(product: Product): Selection {
  const colors = colorsOf(product);
  const color = colors[0] ?? null;
  if (color === null) {
    const only = product.variants.length === 1 ? product.variants[0] : undefined;
    return { color: null, variantId: isSelectable(only) ? only.id : null };
  }
  if (hasExtraLevel(product)) return { color, variantId: null };
  const first = variantsForColor(product, color)[0];
  return { color, variantId: isSelectable(first) ? first.id : null };
}

export function chooseColor(product: Product, current: Selection, color: string): Selection {
  if (hasExtraLevel(product)) {
    if (color === current.color) return current;
    return { color, variantId: null };
  }
  const only = variantsForColor(product, color)[0];
  return { color, variantId: isSelectable(only) ? only.id : null };
}

export function chooseVariant(product: Product, current: Selection, variantId: number): Selection {
  const variant = product.variants.find((v) => v.id === variantId);
  if (!isSelectable(variant)) return current;
  return { color: variant.color ?? current.color, variantId };
}

export function showSizePicker(product: Product, selection: Selection): boolean {
  const sizeless = product.categories.some((c) => SIZELESS_CATEGORY_IDS.includes(c.id));
  return !sizeless || selection.color !== null || !hasExtraLevel(product);
}

/** The price shown: the chosen variant's, else the lowest in stock of the colour, else the product's. */
export function displayedPrice(product: Product, selection: Selection): { price: number; from: boolean } {
  const chosen = product.variants.find((v) => v.id === selection.variantId);
  if (chosen) return { price: chosen.price, from: false };
  const pool = variantsForColor(product, selection.color).filter((v) => v.qty > 0);
  if (pool.length === 0) return { price: product.min_price || product.price, from: false };
  const prices = pool.map((v) => v.price);
  const min = Math.min(...prices);
  return { price: min, from: prices.some((p) => p !== min) };
}

/** The size tiles shown: the picker's variants that have a size; none for a sizeless product. */
export function sizeTiles(product: Product, selection: Selection): Variant[] {
  if (!showSizePicker(product, selection)) return [];
  return variantsForColor(product, selection.color).filter((v) => v.size_eu || v.size);
}
