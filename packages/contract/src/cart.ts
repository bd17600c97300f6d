// The shopper's cart: lines per variant, answered grouped per product (docs/product.md §3: entries with
// their variants, each with id).
import { z } from 'zod';
import { BodyIdSchema, LineQuantitySchema, ProductBriefSchema } from './commerce-common.ts';
import { IdSchema, resultOf } from './common.ts';

export const CartVariantSchema = z.object({
  id: z.number().int(),
  price: z.number().int(),
  title: z.string(),
  size: z.string().nullable(),
  size_eu: z.string().nullable(),
  color: z.string().nullable(),
  image: z.string().nullable(),
  /** Units in stock. */
  qty: z.number().int(),
  /** Units of this variant in the cart. */
  quantity: z.number().int(),
});
export type CartVariant = z.infer<typeof CartVariantSchema>;

export const CartEntrySchema = z.object({
  product_id: z.number().int(),
  product: ProductBriefSchema,
  variants: z.array(CartVariantSchema),
});
export type CartEntry = z.infer<typeof CartEntrySchema>;

export const CartResponseSchema = resultOf(z.array(CartEntrySchema));
export const CartLenResponseSchema = resultOf(z.object({ len: z.number().int() }));

export const AddToCartBodySchema = z.object({
  product_id: BodyIdSchema,
  variant_id: BodyIdSchema,
  quantity: LineQuantitySchema.default(1),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

export const UpdateCartLineBodySchema = z.object({ quantity: LineQuantitySchema });
export type UpdateCartLineBody = z.infer<typeof UpdateCartLineBodySchema>;

export const CartLineParamsSchema = z.object({ variant_id: IdSchema });

export const CartLineSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  quantity: z.number().int(),
});
export const CartLineResponseSchema = resultOf(CartLineSchema);
export const CartRemovedResponseSchema = resultOf(z.object({ variant_id: z.number().int() }));
