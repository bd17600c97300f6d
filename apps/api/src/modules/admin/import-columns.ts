// The columns of a table import (CSV or XLSX, one variant a row) and of its template: the header
// a person reads, and the other spellings accepted for it.
export type ColumnKey =
  | 'spu'
  | 'title'
  | 'brand'
  | 'categories'
  | 'description'
  | 'images'
  | 'sku'
  | 'variant_title'
  | 'price'
  | 'qty'
  | 'color'
  | 'size'
  | 'size_eu';

export const IMPORT_COLUMNS: { key: ColumnKey; header: string; required: boolean; example: string[] }[] = [
  { key: 'spu', header: 'Артикул товара (spu)', required: true, example: ['NK-AF1', 'NK-AF1'] },
  { key: 'title', header: 'Название товара', required: true, example: ['Кроссовки Nike Air Force 1', ''] },
  { key: 'brand', header: 'Бренд', required: false, example: ['Nike', ''] },
  { key: 'categories', header: 'Категории', required: false, example: ['Кроссовки', ''] },
  { key: 'description', header: 'Описание', required: false, example: ['Классика на каждый день', ''] },
  { key: 'images', header: 'Картинки', required: false, example: ['https://example.com/af1.jpg', ''] },
  { key: 'sku', header: 'Артикул варианта (sku)', required: true, example: ['NK-AF1-42', 'NK-AF1-43'] },
  { key: 'variant_title', header: 'Вариант', required: false, example: ['Белый · 42', 'Белый · 43'] },
  { key: 'price', header: 'Цена, ₽', required: true, example: ['12990', '12990'] },
  { key: 'qty', header: 'Остаток', required: true, example: ['3', '0'] },
  { key: 'color', header: 'Цвет', required: false, example: ['Белый', 'Белый'] },
  { key: 'size', header: 'Размер', required: false, example: ['42', '43'] },
  { key: 'size_eu', header: 'Размер EU', required: false, example: ['42', '43'] },
];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[,()₽.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ALIASES = new Map<string, ColumnKey>();
for (const column of IMPORT_COLUMNS) {
  ALIASES.set(norm(column.header), column.key);
  ALIASES.set(column.key, column.key);
}
for (const [alias, key] of [
  ['артикул товара', 'spu'],
  ['spu', 'spu'],
  ['товар', 'title'],
  ['название', 'title'],
  ['категория', 'categories'],
  ['фото', 'images'],
  ['артикул варианта', 'sku'],
  ['артикул', 'sku'],
  ['название варианта', 'variant_title'],
  ['цена', 'price'],
  ['остаток шт', 'qty'],
  ['количество', 'qty'],
] as const)
  ALIASES.set(alias, key);

export const columnOf = (header: string): ColumnKey | undefined => ALIASES.get(norm(header));
export const headerOf = (key: ColumnKey): string => IMPORT_COLUMNS.find((c) => c.key === key)!.header;
