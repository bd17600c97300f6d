// Russian plural forms: plural(5, ['товар', 'товара', 'товаров']) → «товаров».
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs > 10 && abs < 20) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** The one set of forms of «товар». */
export const ITEM_FORMS = ['товар', 'товара', 'товаров'] as const;
