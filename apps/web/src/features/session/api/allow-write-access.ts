// POST /profile/write-access: the shopper allowed the bot to write to them in Telegram's prompt
// (docs/decisions/068). The profile is read again, so the prompt is not shown for it a second time.
import { WriteAccessResponseSchema, type WriteAccessBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const allowWriteAccess = async (): Promise<boolean> =>
  (
    await api('/v1/profile/write-access', {
      method: 'POST',
      body: { status: 'allowed' } satisfies WriteAccessBody,
      schema: WriteAccessResponseSchema,
    })
  ).result.bot_may_write;

export function useAllowWriteAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: allowWriteAccess,
    // No toast on failure: the bot hears the same from Telegram (`write_access_allowed`).
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
