// Sharing a product or the shopper's invite as a rich card the bot prepares (issue 27,
// docs/decisions/055): the API saves the card with the Bot API's savePreparedInlineMessage for the
// signed-in shopper and answers its id; the app hands the id to Telegram's shareMessage.
import { z } from 'zod';

export const SHARE_KINDS = ['product', 'invite'] as const;

export const SharePrepareBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('product'), product_id: z.number().int().positive() }),
    z.object({ kind: z.literal('invite') }),
  ],
  { error: 'Укажите, чем поделиться: товаром или приглашением' },
);
export type SharePrepareBody = z.infer<typeof SharePrepareBodySchema>;

export const PreparedShareSchema = z.object({
  /** The prepared message's id, for shareMessage(id). */
  id: z.string().min(1),
  /** When Telegram forgets the prepared message (ISO 8601). */
  expires_at: z.string(),
});
export type PreparedShare = z.infer<typeof PreparedShareSchema>;

export const SharePrepareResponseSchema = z.object({ result: PreparedShareSchema });
