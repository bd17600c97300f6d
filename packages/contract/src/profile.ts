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
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = resultOf(ProfileSchema);
