// The catalogue: listing, facets, categories, the full product, similar products, suggestions
// (docs/product.md §3 and §7, docs/product.md §10). Money is integer roubles. Image `src` values are shop paths
// (`/media/...`) or absolute https URLs; the app resizes them through `/img/{w|h}{px}/...`.
import { z } from 'zod';
import { resultOf } from './common.ts';

export const SortingSchema = z.enum(['POPULARITY', 'PRICE_DESC', 'PRICE_ASC', 'NEWEST', 'SALES']);
export type Sorting = z.infer<typeof SortingSchema>;

export const FitPeopleSchema = z.enum(['men', 'women', 'kids', 'unisex']);
export type FitPeople = z.infer<typeof FitPeopleSchema>;

// SIZELESS_CATEGORY_IDS lives in ./sizeless.ts (no zod), so that the product drawer's code can
// read it without the catalogue's schemas.

/** Longest list accepted in one filter parameter; longer lists are refused with 400. */
export const MAX_FILTER_VALUES = 100;
/** Longest search string accepted (characters). */
export const MAX_SEARCH_LENGTH = 200;

const commaList = <T extends z.ZodType<unknown, string>>(item: T, name: string) =>
  z
    .string()
    .max(4000, `${name}: слишком длинный список`)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(
      z
        .array(item)
        .max(MAX_FILTER_VALUES, `${name}: не больше ${MAX_FILTER_VALUES} значений`)
        .transform((values) => [...new Set(values)] as z.infer<T>[]),
    );

const idItem = z
  .string()
  .regex(/^\d{1,10}$/, 'ожидаются положительные целые числа через запятую')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));
const textItem = z.string().max(40);

/** The filters shared by the listing and the facets (comma lists: OR within a kind, AND across). */
export const CatalogFilterQuerySchema = z.object({
  category_ids: commaList(idItem, 'category_ids').optional(),
  colors: commaList(textItem, 'colors').optional(),
  sizes_eu: commaList(textItem, 'sizes_eu').optional(),
  brand_ids: commaList(idItem, 'brand_ids').optional(),
  category_fit_people: commaList(FitPeopleSchema, 'category_fit_people').optional(),
  search_string: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search_string: не длиннее ${MAX_SEARCH_LENGTH} символов`)
    .optional(),
});
export type CatalogFilterQuery = z.infer<typeof CatalogFilterQuerySchema>;

export const ProductListQuerySchema = CatalogFilterQuerySchema.extend({
  sorting: SortingSchema.optional(),
  /** Opaque keyset cursor from the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ImageSchema = z.object({ id: z.number().int(), src: z.string() });
export type Image = z.infer<typeof ImageSchema>;

export const BrandRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
});
export type BrandRef = z.infer<typeof BrandRefSchema>;

export const ComputedTitleSchema = z.object({ title: z.string() });

/** A catalogue grid card: what the listing needs, no more. */
export const ProductCardSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  computed_title: ComputedTitleSchema,
  brand: BrandRefSchema.nullable(),
  image_src: z.string().nullable(),
  /** Up to 5 pictures (docs/product.md §5). */
  images: z.array(ImageSchema),
  min_price: z.number().int(),
  price: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductCardSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
  more: z.boolean(),
});
export const ProductListResponseSchema = resultOf(ProductListSchema);

const facet = <T extends z.ZodType>(value: T) => z.array(z.object({ value, count: z.number().int() }));

export const ProductFiltersSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  colors: facet(z.string()),
  sizes_eu: facet(z.string()),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  fit_people: facet(FitPeopleSchema),
  total: z.number().int(),
});
export type ProductFilters = z.infer<typeof ProductFiltersSchema>;
export const ProductFiltersResponseSchema = resultOf(ProductFiltersSchema);

export type CategoryNode = {
  id: number;
  name: string;
  image_src: string | null;
  /** True for the sizeless categories (`SIZELESS_CATEGORY_IDS`) and their children. */
  sizeless: boolean;
  children: CategoryNode[];
};
// Recursive, so the OpenAPI document names it: `#/components/schemas/CategoryNode` (without the
// id the generator refers to a `schema0` it never emits, and parsers refuse the document).
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      image_src: z.string().nullable(),
      sizeless: z.boolean(),
      children: z.array(CategoryNodeSchema),
    }),
  )
  .meta({ id: 'CategoryNode' });
export const CategoriesResponseSchema = resultOf(z.object({ categories: z.array(CategoryNodeSchema) }));

export const CharacteristicSchema = z.object({ key: z.string(), value: z.string() });
export const ProductOptionSchema = z.object({
  name: z.string(),
  name_ru: z.string(),
  values: z.array(z.string()),
});
export const SizeTableSchema = z.object({
  columns: z.array(z.object({ key: z.string(), long: z.string(), values: z.array(z.string()) })),
  tips: z.array(z.string()),
});
export type SizeTable = z.infer<typeof SizeTableSchema>;

export const VariantSchema = z.object({
  id: z.number().int(),
  price: z.number().int(),
  title: z.string(),
  size: z.string().nullable(),
  size_eu: z.string().nullable(),
  qty: z.number().int(),
  color: z.string().nullable(),
  image: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  img_id: z.number().int().nullable(),
});
export type Variant = z.infer<typeof VariantSchema>;

/** The full product of docs/product.md §3. */
export const ProductSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  computed_title: ComputedTitleSchema,
  /** HTML from the catalogue (may contain an `img` tag; the app decides what to show). */
  description: z.string(),
  characteristics: z.array(CharacteristicSchema),
  brand: BrandRefSchema.nullable(),
  images: z.array(ImageSchema),
  options: z.array(ProductOptionSchema),
  variants: z.array(VariantSchema),
  categories: z.array(z.object({ id: z.number().int() })),
  size_table: SizeTableSchema.nullable(),
  image_src: z.string().nullable(),
  min_price: z.number().int(),
  price: z.number().int(),
  fit_people: FitPeopleSchema,
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductResponseSchema = resultOf(ProductSchema);

/** A similar-product entry; `price` 0 means «no price» (such entries come last). */
export const SimilarProductSchema = z.object({
  product_id: z.number().int(),
  title: z.string(),
  computed_title: ComputedTitleSchema,
  spu: z.string(),
  image_src: z.string().nullable(),
  price: z.number().int(),
});
export type SimilarProduct = z.infer<typeof SimilarProductSchema>;
export const SimilarProductsResponseSchema = resultOf(z.object({ products: z.array(SimilarProductSchema) }));

export const SearchSuggestQuerySchema = z.object({
  prefix: z.string().trim().min(1, 'prefix: пустой запрос').max(100, 'prefix: не длиннее 100 символов'),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
/**
 * A suggestion is a search text, or (`kind: "user"`) an approved blogger found by name or promo
 * code: choosing it opens `user?id=<user_id>` (docs/product.md §13).
 */
export const SearchSuggestionSchema = z.object({
  text: z.string(),
  kind: z.enum(['query', 'user']).optional(),
  user_id: z.number().int().optional(),
  avatar: z.string().nullable().optional(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;
export const SearchSuggestResponseSchema = resultOf(
  z.object({ suggestions: z.array(SearchSuggestionSchema) }),
);

/** `GET /img/{w|h}{px}/{source}`: accepted edge sizes in pixels. */
export const IMAGE_MIN_PX = 16;
export const IMAGE_MAX_PX = 2400;
