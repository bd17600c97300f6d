// The catalogue import file (docs/catalog-import.md): brands, a category tree and products with
// their variants. Validated row by row so that every bad row gets one error with its path.
import { z } from 'zod';
import { isMediaPath } from '../../lib/media-path.ts';

const text = (max: number) =>
  z.string().trim().min(1, 'не может быть пустым').max(max, `не длиннее ${max} символов`);
const money = z
  .number()
  .int('цена: целое число рублей')
  .min(0, 'не может быть отрицательной')
  .max(100_000_000);
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
  qty: z.number().int().min(0, 'остаток не может быть отрицательным').max(1_000_000),
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
  categories: z.array(z.number().int().positive()).min(1, 'нужна хотя бы одна категория').max(20),
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
  variants: z.array(z.unknown()).min(1, 'нужен хотя бы один вариант').max(1000),
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

export type ImportIssue = { path: string; message: string };

const FileShapeSchema = z.object({
  brands: z.array(z.unknown()).default([]),
  categories: z.array(z.unknown()).default([]),
  products: z.array(z.unknown()),
});

function issuePath(prefix: string, path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    prefix,
  );
}

/** One issue per bad row (its first problem); rows are products, variants, brands, categories. */
export function parseImportFile(input: unknown): { file: ImportFile; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const shape = FileShapeSchema.safeParse(input);
  if (!shape.success) {
    const first = shape.error.issues[0];
    issues.push({
      path: issuePath('', first?.path ?? []) || '(файл)',
      message: first?.message ?? 'неверный формат',
    });
    return { file: { brands: [], categories: [], products: [] }, issues };
  }
  const row = <T>(schema: z.ZodType<T>, value: unknown, path: string): T | undefined => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0];
    issues.push({ path: issuePath(path, first?.path ?? []), message: first?.message ?? 'неверное значение' });
    return undefined;
  };

  const brands: ImportBrand[] = [];
  const brandNames = new Set<string>();
  shape.data.brands.forEach((value, i) => {
    const brand = row(ImportBrandSchema, value, `brands[${i}]`);
    if (!brand) return;
    if (brandNames.has(brand.name))
      issues.push({ path: `brands[${i}].name`, message: `бренд «${brand.name}» повторяется` });
    brandNames.add(brand.name);
    brands.push(brand);
  });

  const categories: ImportCategory[] = [];
  const categoryIds = new Set<number>();
  shape.data.categories.forEach((value, i) => {
    const category = row(ImportCategorySchema, value, `categories[${i}]`);
    if (!category) return;
    if (categoryIds.has(category.id))
      issues.push({ path: `categories[${i}].id`, message: `категория ${category.id} повторяется` });
    categoryIds.add(category.id);
    categories.push(category);
  });
  categories.forEach((c, i) => {
    if (c.parent_id != null && !categoryIds.has(c.parent_id))
      issues.push({ path: `categories[${i}].parent_id`, message: `нет категории ${c.parent_id} в файле` });
  });

  const products: ImportProduct[] = [];
  const spus = new Set<string>();
  shape.data.products.forEach((value, i) => {
    const path = `products[${i}]`;
    const product = row(ImportProductSchema, value, path);
    if (!product) return;
    const before = issues.length;
    // One error for the product row itself (its first problem); its variants are rows of their own.
    const badCategory = product.categories.findIndex((id) => !categoryIds.has(id));
    const rowIssue: ImportIssue | undefined = spus.has(product.spu)
      ? { path: `${path}.spu`, message: `spu «${product.spu}» повторяется` }
      : product.brand && !brandNames.has(product.brand)
        ? { path: `${path}.brand`, message: `бренда «${product.brand}» нет в списке brands` }
        : badCategory >= 0
          ? {
              path: `${path}.categories[${badCategory}]`,
              message: `нет категории ${product.categories[badCategory]}`,
            }
          : undefined;
    if (rowIssue) issues.push(rowIssue);
    spus.add(product.spu);
    const variants: ImportProduct['variants'] = [];
    const skus = new Set<string>();
    product.variants.forEach((raw, j) => {
      const variant = row(ImportVariantSchema, raw, `${path}.variants[${j}]`);
      if (!variant) return;
      if (skus.has(variant.sku))
        issues.push({
          path: `${path}.variants[${j}].sku`,
          message: `sku «${variant.sku}» повторяется в товаре`,
        });
      else if (variant.image != null && variant.image >= product.images.length)
        issues.push({
          path: `${path}.variants[${j}].image`,
          message: `нет картинки с номером ${variant.image}`,
        });
      skus.add(variant.sku);
      variants.push(variant);
    });
    if (issues.length === before) products.push({ ...product, variants });
  });
  return { file: { brands, categories, products }, issues };
}
