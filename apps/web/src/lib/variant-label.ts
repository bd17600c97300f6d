// The one way a variant is named: "Черный · 44 EU" on lines of the basket, checkout and orders,
// "44 EU · Черный" (`sizeFirst`) where the size is what is being chosen. A numeric EU value of
// 80 or more is a child's height in centimetres (the catalogue stores kids' clothes that way):
// "134 см", never "134 EU".
export type VariantNaming = { color: string | null; size: string | null; size_eu: string | null };

const isHeight = (eu: string) => /^\d+$/.test(eu) && Number(eu) >= 80;

/** "44 EU", or "134 см" for a child's height. */
export const euSizeLabel = (eu: string): string => (isHeight(eu) ? `${eu} см` : `${eu} EU`);

/**
 * The size alone: EU when known, else the variant's own size label; null for a sizeless variant.
 * `unit: false` leaves out "EU"/"см", as on the size tiles, which sit under the heading «Размер».
 */
export const sizeName = (v: Pick<VariantNaming, 'size' | 'size_eu'>, { unit = true } = {}): string | null =>
  v.size_eu ? (unit ? euSizeLabel(v.size_eu) : v.size_eu) : v.size;

export function variantLabel(v: VariantNaming, { sizeFirst = false } = {}): string {
  const parts = [v.color, sizeName(v)];
  return (sizeFirst ? parts.reverse() : parts).filter(Boolean).join(' · ');
}
