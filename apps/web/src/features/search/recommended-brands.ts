/** "Рекомендуемые бренды" of the search overlay (docs/product.md §2), in the spec's order. */
export const RECOMMENDED_BRANDS = [
  'Nike',
  'Adidas',
  'Zara',
  'Uniqlo',
  'Guess',
  'Mango',
  'Uzefi',
  'Tommy Hilfiger',
  'Puma',
] as const;
