import { z } from 'zod';
import { resultOf } from './common.ts';

/** Telegram init data as the app sends it: the raw signed string plus the SDK's parsed view. */
export const TgAuthBodySchema = z.object({
  initData: z.string().min(1).max(8192),
  initDataUnsafe: z.record(z.string(), z.unknown()).optional().default({}),
});
export type TgAuthBody = z.infer<typeof TgAuthBodySchema>;

export const TgAuthResponseSchema = resultOf(z.string().describe('JWT for the Authorization header'));

export const DevInitDataResponseSchema = resultOf(
  z.object({ initData: z.string(), botUsername: z.string().nullable() }),
);
