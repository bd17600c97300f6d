// Pieces shared by the cart, favourites and orders contracts.
import { z } from 'zod';

/** A product as the cart and favourites show it. */
export const ProductBriefSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  image_src: z.string().nullable(),
  price: z.number().int(),
  min_price: z.number().int(),
  in_stock: z.boolean(),
  brand: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }).nullable(),
});
export type ProductBrief = z.infer<typeof ProductBriefSchema>;

/** The most units of one variant a cart line or an order line may hold. */
export const MAX_LINE_QTY = 99;

/** A quantity a shopper may ask for in one line. */
export const LineQuantitySchema = z.number().int().min(1).max(MAX_LINE_QTY);

/** An id in a JSON body: a positive 32-bit integer. */
export const BodyIdSchema = z.number().int().positive().max(2_147_483_647);
