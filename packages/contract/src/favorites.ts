// Favourites: one per product with the chosen variant, cursor-paged newest first.
import { z } from 'zod';
import { BodyIdSchema, ProductBriefSchema } from './commerce-common.ts';
import { IdSchema, resultOf } from './common.ts';

export const FavoritesQuerySchema = z.object({
  /** The `cursor` of the previous page; absent for the first page. */
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

/** The chosen variant's label, so a favourites list needs no product request per entry. */
export const FavoriteVariantSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  size: z.string().nullable(),
  size_eu: z.string().nullable(),
  color: z.string().nullable(),
});
export type FavoriteVariant = z.infer<typeof FavoriteVariantSchema>;

export const FavoriteSchema = z.object({
  id: z.number().int(),
  product: ProductBriefSchema,
  variant_id: z.number().int().nullable(),
  /** Null when no variant was chosen or it is no longer sold. */
  variant: FavoriteVariantSchema.nullable(),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoritesPageSchema = z.object({
  favoriteList: z.array(FavoriteSchema),
  more: z.boolean(),
  cursor: z.number().int().nullable(),
});
export const FavoritesResponseSchema = resultOf(FavoritesPageSchema);

export const AddFavoriteBodySchema = z.object({ product_id: BodyIdSchema, variant_id: BodyIdSchema });
export type AddFavoriteBody = z.infer<typeof AddFavoriteBodySchema>;
export const AddFavoriteResponseSchema = resultOf(FavoriteSchema);

export const FavoriteParamsSchema = z.object({ product_id: IdSchema });
export const FavoriteRemovedResponseSchema = resultOf(z.object({ product_id: z.number().int() }));
