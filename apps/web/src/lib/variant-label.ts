// How a chosen variant is named on every page: "Черный · 44 EU" (EU size when known, else the
// variant's own size label).
export type VariantNaming = { color: string | null; size: string | null; size_eu: string | null };

export const variantLabel = (v: VariantNaming): string =>
  [v.color, v.size_eu ? `${v.size_eu} EU` : v.size].filter(Boolean).join(' · ');
