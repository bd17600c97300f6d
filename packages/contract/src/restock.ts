// «Сообщить о поступлении» (issue 27): a shopper asks to hear, once, when a sold-out size of a
// product is on sale again (docs/product.md §4.9, docs/decisions/054).
import { z } from 'zod';
import { BodyIdSchema } from './commerce-common.ts';
import { resultOf } from './common.ts';

export const RestockSubscribeBodySchema = z.object({ variant_id: BodyIdSchema });
export type RestockSubscribeBody = z.infer<typeof RestockSubscribeBodySchema>;

/** The waiting subscription (the same one for a repeated request). */
export const RestockSubscriptionSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  created_at: z.string(),
});
export type RestockSubscription = z.infer<typeof RestockSubscriptionSchema>;
export const RestockSubscriptionResponseSchema = resultOf(RestockSubscriptionSchema);

/** The sizes of a product this shopper waits for (the product page marks them). */
export const RestockSubscriptionsResponseSchema = resultOf(z.object({ variant_ids: z.array(z.number().int()) }));
