// The referral calls (DESIGN §8): GET /referral, POST /referral/apply, GET /referral/history,
// DELETE /referral/invites/{id}, GET /referral/unseen-reward, POST /referral/invites/{id}/seen.
import {
  ApplyReferralResponseSchema,
  InviteDeletedResponseSchema,
  InvitePageResponseSchema,
  ReferralResponseSchema,
} from '@shop/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { programmeKeys } from './keys.ts';
import { resultOf, useChange } from './query.ts';
import { unseenRewardQueryOptions } from './unseen-reward.ts';

export type HistoryFilter = 'all' | 'pending' | 'rewarded';

export const referralQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.referral,
    queryFn: () => resultOf('/v1/referral', { schema: ReferralResponseSchema }),
  });
export const useReferral = () => useQuery(referralQueryOptions());

/** A code applied or an invite deleted: the referral screen and the bonus account. */
const REFERRAL_AND_BONUS = [programmeKeys.referral, programmeKeys.bonus];

export const useApplyReferralCode = () =>
  useChange(
    (code: string) =>
      resultOf('/v1/referral/apply', { method: 'POST', body: { code }, schema: ApplyReferralResponseSchema }),
    REFERRAL_AND_BONUS,
  );

export const useReferralHistory = (filter: HistoryFilter) =>
  useInfiniteQuery(
    cursorPagesOptions({
      queryKey: programmeKeys.referralHistory(filter),
      path: '/v1/referral/history',
      query: { status: filter },
      schema: InvitePageResponseSchema,
    }),
  );

export const useDeleteInvite = () =>
  useChange(
    (id: number) =>
      resultOf(`/v1/referral/invites/${id}`, { method: 'DELETE', schema: InviteDeletedResponseSchema }),
    REFERRAL_AND_BONUS,
    { errorMessage: 'Не удалось удалить приглашение' },
  );

export const useUnseenReward = () => useQuery(unseenRewardQueryOptions());

export const markInviteSeen = async (id: number) =>
  api(`/v1/referral/invites/${id}/seen`, { method: 'POST', schema: z.unknown() });
