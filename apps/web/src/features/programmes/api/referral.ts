// The referral calls (DESIGN §8): GET /referral, POST /referral/apply, GET /referral/history,
// DELETE /referral/invites/{id}, GET /referral/unseen-reward, POST /referral/invites/{id}/seen.
import {
  ApplyReferralResponseSchema,
  InviteDeletedResponseSchema,
  InvitePageResponseSchema,
  ReferralResponseSchema,
  UnseenRewardResponseSchema,
} from '@shop/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { programmeKeys } from './keys.ts';

export type HistoryFilter = 'all' | 'pending' | 'rewarded';

export const referralQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.referral,
    queryFn: async () => (await api('/v1/referral', { schema: ReferralResponseSchema })).result,
  });
export const useReferral = () => useQuery(referralQueryOptions());

export function useApplyReferralCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api('/v1/referral/apply', {
          method: 'POST',
          body: { code },
          schema: ApplyReferralResponseSchema,
        })
      ).result,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: programmeKeys.referral });
      void qc.invalidateQueries({ queryKey: programmeKeys.bonus });
    },
  });
}

export const useReferralHistory = (filter: HistoryFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: programmeKeys.referralHistory(filter),
      initialPageParam: undefined as number | undefined,
      queryFn: async ({ pageParam }) =>
        (
          await api('/v1/referral/history', {
            query: { status: filter, cursor: pageParam },
            schema: InvitePageResponseSchema,
          })
        ).result,
      getNextPageParam: (last) => (last.more && last.cursor !== null ? last.cursor : undefined),
    }),
  );

export function useDeleteInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api(`/v1/referral/invites/${id}`, { method: 'DELETE', schema: InviteDeletedResponseSchema }))
        .result,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: programmeKeys.referral });
      void qc.invalidateQueries({ queryKey: programmeKeys.bonus });
    },
  });
}

export const useUnseenReward = () =>
  useQuery({
    queryKey: programmeKeys.unseenReward,
    queryFn: async () =>
      (await api('/v1/referral/unseen-reward', { schema: UnseenRewardResponseSchema })).result,
    staleTime: Infinity,
    retry: false,
  });

export const markInviteSeen = async (id: number) =>
  api(`/v1/referral/invites/${id}/seen`, { method: 'POST', schema: z.unknown() });
