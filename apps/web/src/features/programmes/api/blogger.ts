// The blogger partnership's calls (DESIGN §8): the dashboard, the application, promo availability,
// stats, commissions, payouts, conversion to bonuses, picks, and a blogger's public page.
import {
  BloggerApplicationResponseSchema,
  BloggerDashboardResponseSchema,
  BloggerStatsResponseSchema,
  CommissionPageResponseSchema,
  ConvertToBonusResponseSchema,
  PayoutPageResponseSchema,
  PayoutResponseSchema,
  PicksResponseSchema,
  PromoAvailableResponseSchema,
  PublicUserResponseSchema,
  SearchSuggestResponseSchema,
  type BloggerApplicationBody,
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
import type { PickInput } from '../types.ts';
import { programmeKeys } from './keys.ts';

export type StatsPeriod = '7d' | '30d' | 'all';

export const bloggerQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.blogger,
    queryFn: async () => (await api('/v1/blogger', { schema: BloggerDashboardResponseSchema })).result,
  });
export const useBlogger = () => useQuery(bloggerQueryOptions());

export const checkPromoAvailable = async (code: string, signal?: AbortSignal): Promise<boolean> =>
  (
    await api('/v1/blogger/promo-available', {
      query: { code },
      signal,
      schema: PromoAvailableResponseSchema,
    })
  ).result.available;

export function useSaveApplication(method: 'POST' | 'PUT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: BloggerApplicationBody) =>
      (await api('/v1/blogger/application', { method, body, schema: BloggerApplicationResponseSchema }))
        .result,
    onSuccess: () => qc.invalidateQueries({ queryKey: programmeKeys.blogger }),
  });
}

export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => api('/v1/blogger/application', { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: programmeKeys.blogger }),
  });
}

export const useBloggerStats = (period: StatsPeriod) =>
  useQuery({
    queryKey: programmeKeys.bloggerStats(period),
    queryFn: async () =>
      (await api('/v1/blogger/stats', { query: { period }, schema: BloggerStatsResponseSchema })).result,
    placeholderData: (previous) => previous,
  });

export const useBloggerCommissions = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: programmeKeys.bloggerCommissions,
      initialPageParam: undefined as number | undefined,
      queryFn: async ({ pageParam }) =>
        (
          await api('/v1/blogger/commissions', {
            query: { cursor: pageParam },
            schema: CommissionPageResponseSchema,
          })
        ).result,
      getNextPageParam: (last) => (last.more && last.cursor !== null ? last.cursor : undefined),
    }),
  );

export const useBloggerPayouts = () =>
  useQuery({
    queryKey: programmeKeys.bloggerPayouts,
    queryFn: async () => (await api('/v1/blogger/payouts', { schema: PayoutPageResponseSchema })).result,
  });

const invalidateMoney = (qc: ReturnType<typeof useQueryClient>) => {
  void qc.invalidateQueries({ queryKey: programmeKeys.blogger });
  void qc.invalidateQueries({ queryKey: programmeKeys.bonus });
};

export type CreatePayoutBody = {
  amount: number;
  method: 'sbp' | 'card';
  phone?: string;
  bank?: string;
  card?: string;
  full_name: string;
  tax_status: 'self_employed' | 'ip';
  inn: string;
  save_details: boolean;
};

export function useCreatePayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: CreatePayoutBody; key: string }) =>
      (
        await api('/v1/blogger/payouts', {
          method: 'POST',
          body,
          headers: { 'idempotency-key': key },
          schema: PayoutResponseSchema,
        })
      ).result,
    onSuccess: () => invalidateMoney(qc),
  });
}

export function useCancelPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      api(`/v1/blogger/payouts/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => invalidateMoney(qc),
  });
}

export function useConvertToBonus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      (
        await api('/v1/blogger/convert-to-bonus', {
          method: 'POST',
          body: { amount },
          schema: ConvertToBonusResponseSchema,
        })
      ).result,
    onSuccess: () => invalidateMoney(qc),
  });
}

export function useSavePicks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (items: PickInput[]) =>
      (await api('/v1/blogger/picks', { method: 'PUT', body: { items }, schema: PicksResponseSchema }))
        .result,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const publicUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: programmeKeys.publicUser(id),
    queryFn: async () => (await api(`/v1/users/${id}`, { schema: PublicUserResponseSchema })).result,
    retry: (count, error) =>
      !(error instanceof Error && 'status' in error && error.status === 404) && count < 2,
  });
export const usePublicUser = (id: number | null) =>
  useQuery({ ...publicUserQueryOptions(id ?? 0), enabled: id !== null });

/**
 * The user id of the approved blogger with this promo code. There is no call for it yet, so the
 * search suggestions (which find bloggers by name or promo code, `kind: "user"`) answer it.
 */
export const usePromoUser = (promo: string | null) =>
  useQuery({
    queryKey: ['users', 'by-promo', promo],
    enabled: promo !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const { suggestions } = (
        await api('/v1/search-suggest', {
          query: { prefix: promo ?? '', size: 20 },
          signal,
          schema: SearchSuggestResponseSchema,
        })
      ).result;
      return suggestions.find((s) => s.kind === 'user' && s.user_id)?.user_id ?? null;
    },
  });
