// The catalogue import file (docs/catalog-import.md): brands, a category tree and products with
// their variants. Validated row by row so that every bad row gets one error with its path.
import { z } from 'zod';
import { isMediaPath } from '../../lib/media-path.ts';

const text = (max: number) =>
  z
    .string({ error: 'нужен текст' })
    .trim()
    .min(1, 'не может быть пустым')
    .max(max, `не длиннее ${max} символов`);
/** A variant's price: whole roubles, at least 1 ₽ (a price of 0 is a typo shoppers would pay). */
const money = z
  .number({ error: 'нужно число' })
  .int('целое число рублей')
  .min(1, 'не меньше 1 ₽')
  .max(100_000_000, 'слишком большая цена');
/** A shop path under /media/ or an absolute https URL. */
export const ImageSrcSchema = z
  .string()
  .max(2000)
  .refine(
    (v) => (v.startsWith('/media/') ? isMediaPath(v.slice(1)) : /^https:\/\/[^\s]+$/.test(v)),
    'картинка: путь /media/<файл> или адрес https://',
  );

export const ImportBrandSchema = z.object({
  name: text(100),
  logo_url: ImageSrcSchema.nullish(),
  popularity: z.number().int().min(0).default(0),
  aliases: z.array(text(100)).max(20).default([]),
});

export const ImportCategorySchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  parent_id: z.number().int().positive().nullish(),
  name: text(100),
  position: z.number().int().default(0),
  image_src: ImageSrcSchema.nullish(),
});

export const ImportVariantSchema = z.object({
  sku: text(100),
  title: text(300),
  price: money,
  qty: z
    .number({ error: 'нужно число' })
    .int('целое число')
    .min(0, 'не может быть отрицательным')
    .max(1_000_000, 'слишком большой остаток'),
  color: text(60).nullish(),
  size: text(40).nullish(),
  size_eu: text(40).nullish(),
  /** Index into the product's `images`. */
  image: z.number().int().min(0).nullish(),
  options: z.record(z.string().max(60), z.string().max(200)).default({}),
});

export const ImportProductSchema = z.object({
  spu: text(100),
  title: text(300),
  computed_title: text(300).optional(),
  description: z.string().max(100_000).default(''),
  brand: text(100).nullish(),
  /** Leaf or inner category ids; their ancestors are added. */
  categories: z
    .array(z.number({ error: 'нужен номер категории' }).int().positive(), { error: 'нужен список номеров категорий' })
    .min(1, 'нужна хотя бы одна категория')
    .max(20),
  fit_people: z.enum(['men', 'women', 'kids', 'unisex']).default('unisex'),
  characteristics: z
    .array(z.object({ key: text(200), value: text(2000) }))
    .max(100)
    .default([]),
  options: z
    .array(z.object({ name: text(60), name_ru: text(60), values: z.array(text(200)).max(200) }))
    .max(20)
    .default([]),
  size_table: z
    .object({
      columns: z
        .array(
          z.object({
            key: text(60),
            long: z.string().max(200),
            values: z.array(z.string().max(60)).max(200),
          }),
        )
        .max(30),
      tips: z.array(z.string().max(2000)).max(20).default([]),
    })
    .nullish(),
  images: z.array(ImageSrcSchema).max(50).default([]),
  popularity: z.number().int().min(0).default(0),
  sales: z.number().int().min(0).default(0),
  published_at: z.iso.datetime({ offset: true }).optional(),
  variants: z
    .array(z.unknown(), { error: 'нужен список вариантов' })
    .min(1, 'нужен хотя бы один вариант')
    .max(1000),
});
export type ImportProduct = Omit<z.infer<typeof ImportProductSchema>, 'variants'> & {
  variants: z.infer<typeof ImportVariantSchema>[];
};
export type ImportBrand = z.infer<typeof ImportBrandSchema>;
export type ImportCategory = z.infer<typeof ImportCategorySchema>;

export type ImportFile = {
  brands: ImportBrand[];
  categories: ImportCategory[];
  products: ImportProduct[];
};

/**
 * One problem of a file: its path (`products[3].variants[0].price`), and in Russian where it is
 * (`row`: «Товар 4, вариант 1», or a table's «Строка 5») and which field (`field`: «цена», or the
 * table's column).
 */
export type ImportIssue = { path: string; message: string; row: string | null; field: string | null };

/** Keys a file may refer to without listing them: the shop's own brands and categories. */
export type KnownKeys = { brands: ReadonlySet<string>; categoryIds: ReadonlySet<number> };
const NOTHING_KNOWN: KnownKeys = { brands: new Set(), categoryIds: new Set() };

const FileShapeSchema = z.object({
  brands: z.array(z.unknown(), { error: 'brands: нужен список' }).default([]),
  categories: z.array(z.unknown(), { error: 'categories: нужен список' }).default([]),
  products: z.array(z.unknown(), { error: 'products: нужен список товаров' }),
});

const RECORD_RU: Record<string, string> = { products: 'Товар', brands: 'Бренд', categories: 'Категория' };
const FIELD_RU: Record<string, string> = {
  spu: 'артикул товара (spu)',
  sku: 'артикул варианта (sku)',
  title: 'название',
  name: 'название',
  computed_title: 'название для карточки',
  price: 'цена',
  qty: 'остаток',
  brand: 'бренд',
  categories: 'категории',
  images: 'картинки',
  image: 'картинка',
  image_src: 'картинка',
  logo_url: 'логотип',
  color: 'цвет',
  size: 'размер',
  size_eu: 'размер EU',
  description: 'описание',
  variants: 'варианты',
  parent_id: 'родитель',
  id: 'номер',
  position: 'порядок',
  aliases: 'другие написания',
  popularity: 'популярность',
  sales: 'продажи',
  fit_people: 'для кого',
  characteristics: 'характеристики',
  options: 'опции',
  size_table: 'таблица размеров',
  published_at: 'дата публикации',
};

/** «products[3].variants[0].price» → row «Товар 4, вариант 1», field «цена» (people count from one). */
export function describeIssuePath(path: string): { row: string | null; field: string | null } {
  const record = /^(products|brands|categories)\[(\d+)\](?:\.variants\[(\d+)\])?/.exec(path);
  const rest = record ? path.slice(record[0].length) : path;
  const key = /^\.?([a-z_]+)/.exec(rest)?.[1];
  const field = key ? (FIELD_RU[key] ?? key) : null;
  if (!record) return { row: null, field };
  const row = `${RECORD_RU[record[1]!]} ${Number(record[2]) + 1}${
    record[3] !== undefined ? `, вариант ${Number(record[3]) + 1}` : ''
  }`;
  return { row, field };
}

export const importIssue = (path: string, message: string): ImportIssue => ({
  path,
  message,
  ...describeIssuePath(path),
});

function issuePath(prefix: string, path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    prefix,
  );
}

/** Every problem of one value (a row), each with its path. */
function checkRow<T>(issues: ImportIssue[], schema: z.ZodType<T>, value: unknown, path: string): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const problem of parsed.error.issues)
    issues.push(importIssue(issuePath(path, problem.path), problem.message));
  return undefined;
}

function parseBrands(issues: ImportIssue[], values: unknown[]): ImportBrand[] {
  const brands: ImportBrand[] = [];
  const names = new Set<string>();
  values.forEach((value, i) => {
    const brand = checkRow(issues, ImportBrandSchema, value, `brands[${i}]`);
    if (!brand) return;
    if (names.has(brand.name)) issues.push(importIssue(`brands[${i}].name`, `бренд «${brand.name}» повторяется`));
    names.add(brand.name);
    brands.push(brand);
  });
  return brands;
}

function parseCategories(issues: ImportIssue[], values: unknown[], known: KnownKeys): ImportCategory[] {
  const categories: ImportCategory[] = [];
  const ids = new Set<number>();
  values.forEach((value, i) => {
    const category = checkRow(issues, ImportCategorySchema, value, `categories[${i}]`);
    if (!category) return;
    if (ids.has(category.id))
      issues.push(importIssue(`categories[${i}].id`, `категория ${category.id} повторяется`));
    ids.add(category.id);
    categories.push(category);
  });
  categories.forEach((c, i) => {
    if (c.parent_id != null && !ids.has(c.parent_id) && !known.categoryIds.has(c.parent_id))
      issues.push(importIssue(`categories[${i}].parent_id`, `нет категории ${c.parent_id}`));
  });
  return categories;
}

type ProductKeys = { brands: Set<string>; categoryIds: Set<number>; spus: Set<string> };

/** The variants of one product row, each checked even when the product's own fields are wrong. */
function parseVariants(issues: ImportIssue[], raw: unknown, path: string, imageCount: number) {
  const variants: ImportProduct['variants'] = [];
  if (!Array.isArray(raw)) return variants;
  const skus = new Set<string>();
  raw.forEach((value, j) => {
    const at = `${path}.variants[${j}]`;
    const variant = checkRow(issues, ImportVariantSchema, value, at);
    if (!variant) return;
    if (skus.has(variant.sku)) issues.push(importIssue(`${at}.sku`, `sku «${variant.sku}» повторяется в товаре`));
    if (variant.image != null && variant.image >= imageCount)
      issues.push(importIssue(`${at}.image`, `нет картинки с номером ${variant.image}`));
    skus.add(variant.sku);
    variants.push(variant);
  });
  return variants;
}

function parseProduct(issues: ImportIssue[], value: unknown, i: number, keys: ProductKeys) {
  const path = `products[${i}]`;
  const before = issues.length;
  const product = checkRow(issues, ImportProductSchema, value, path);
  const rawVariants = (value as { variants?: unknown } | null)?.variants;
  const variants = parseVariants(issues, rawVariants, path, product?.images.length ?? Infinity);
  if (!product) return undefined;
  if (keys.spus.has(product.spu))
    issues.push(importIssue(`${path}.spu`, `spu «${product.spu}» повторяется`));
  keys.spus.add(product.spu);
  if (product.brand && !keys.brands.has(product.brand))
    issues.push(importIssue(`${path}.brand`, `бренда «${product.brand}» нет в списке brands`));
  product.categories.forEach((id, k) => {
    if (!keys.categoryIds.has(id)) issues.push(importIssue(`${path}.categories[${k}]`, `нет категории ${id}`));
  });
  return issues.length === before ? { ...product, variants } : undefined;
}

/**
 * Every problem of every row (products, variants, brands, categories), each with its path; rows
 * with a problem are left out of `file`. `known` are the shop's brands and categories, which a
 * file may refer to without listing them.
 */
export function parseImportFile(
  input: unknown,
  known: KnownKeys = NOTHING_KNOWN,
): { file: ImportFile; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const shape = FileShapeSchema.safeParse(input);
  if (!shape.success) {
    const first = shape.error.issues[0];
    issues.push({
      path: issuePath('', first?.path ?? []) || '(файл)',
      message: first?.message ?? 'неверный формат',
      row: null,
      field: null,
    });
    return { file: { brands: [], categories: [], products: [] }, issues };
  }
  const brands = parseBrands(issues, shape.data.brands);
  const categories = parseCategories(issues, shape.data.categories, known);
  const keys: ProductKeys = {
    brands: new Set([...known.brands, ...brands.map((b) => b.name)]),
    categoryIds: new Set([...known.categoryIds, ...categories.map((c) => c.id)]),
    spus: new Set(),
  };
  const products: ImportProduct[] = [];
  shape.data.products.forEach((value, i) => {
    const product = parseProduct(issues, value, i, keys);
    if (product) products.push(product);
  });
  return { file: { brands, categories, products }, issues };
}
