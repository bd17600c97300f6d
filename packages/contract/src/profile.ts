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
  /**
   * Whether the shop's bot may write to the shopper (docs/decisions/063): false until they allowed
   * it, started the bot, or after they blocked it. The app asks for it after an order (068).
   */
  bot_may_write: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = resultOf(ProfileSchema);

/**
 * POST /profile/write-access: Telegram's «allow messages» prompt (requestWriteAccess, Mini Apps 6.9)
 * answered `allowed` (docs/decisions/068). A refusal is not sent: it changes nothing.
 */
export const WriteAccessBodySchema = z.object({ status: z.literal('allowed') });
export type WriteAccessBody = z.infer<typeof WriteAccessBodySchema>;
export const WriteAccessResponseSchema = resultOf(z.object({ bot_may_write: z.boolean() }));
