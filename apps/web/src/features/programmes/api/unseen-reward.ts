// The check for an invite reward the shopper has not seen (research §3.2), light enough for the
// first screen's idle moment: a plain read typed by the contract (no schema library, as the first
// screen's reads: docs/decisions/026) and the device's list of rewards already shown. The sheet
// and its code load only when there is one to show (docs/decisions/037).
import type { UnseenRewardResponseSchema } from '@shop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { readJson } from '../../../lib/storage.ts';
import { programmeKeys } from './keys.ts';

export const SEEN_REWARDS_KEY = 'shop/seen-invite-rewards';

/** The rewards this device has shown, newest last. */
export const seenRewardIds = (): number[] => {
  const list = readJson<unknown>(SEEN_REWARDS_KEY, []);
  return Array.isArray(list) ? list.filter((x): x is number => typeof x === 'number') : [];
};

export const unseenRewardQueryOptions = () => ({
  queryKey: programmeKeys.unseenReward,
  queryFn: async () =>
    (await api<Answer<typeof UnseenRewardResponseSchema>>('/v1/referral/unseen-reward')).result,
  staleTime: Infinity,
  retry: false,
});

/** Whether there is a reward to celebrate; the answer stays in the cache for the sheet. */
export async function hasUnseenReward(queryClient: QueryClient): Promise<boolean> {
  const reward = await queryClient.fetchQuery(unseenRewardQueryOptions());
  return reward !== null && reward !== undefined && !seenRewardIds().includes(reward.id);
}
