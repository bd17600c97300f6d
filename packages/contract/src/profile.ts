import { z } from 'zod';
import { resultOf } from './common.ts';

export const ProfileSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  language_code: z.string().nullable(),
  photo_url: z.string().nullable(),
  is_premium: z.boolean(),
  created_at: z.string(),
  /** The shopper's invite code: product links they share carry it (`productId_…__ref_…`, docs/product.md §13). */
  referral_code: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = resultOf(ProfileSchema);
