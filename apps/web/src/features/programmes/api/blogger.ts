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
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import type { PickInput } from '../types.ts';
import { programmeKeys } from './keys.ts';
import { resultOf, useChange } from './query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type StatsPeriod = '7d' | '30d' | 'all';

export const bloggerQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.blogger,
    queryFn: () => resultOf('/v1/blogger', { schema: BloggerDashboardResponseSchema }),
  });
export const useBlogger = () => useQuery(bloggerQueryOptions());

export const checkPromoAvailable = async (code: string, signal?: AbortSignal): Promise<boolean> =>
  (
    await resultOf('/v1/blogger/promo-available', {
      query: { code },
      signal,
      schema: PromoAvailableResponseSchema,
    })
  ).available;

export const useSaveApplication = (method: 'POST' | 'PUT') =>
  useChange(
    (body: BloggerApplicationBody) =>
      resultOf('/v1/blogger/application', { method, body, schema: BloggerApplicationResponseSchema }),
    [programmeKeys.blogger],
    { waitForRefetch: true, errorMessage: 'Не удалось отправить заявку' },
  );

export const useWithdrawApplication = () =>
  useChange(
    () => api('/v1/blogger/application', { method: 'DELETE', schema: z.unknown() }),
    [programmeKeys.blogger],
    { waitForRefetch: true, errorMessage: 'Не удалось отозвать заявку' },
  );

export const useBloggerStats = (period: StatsPeriod) =>
  useQuery({
    queryKey: programmeKeys.bloggerStats(period),
    queryFn: () => resultOf('/v1/blogger/stats', { query: { period }, schema: BloggerStatsResponseSchema }),
    placeholderData: (previous) => previous,
  });

export const useBloggerCommissions = () =>
  useInfiniteQuery(
    cursorPagesOptions({
      queryKey: programmeKeys.bloggerCommissions,
      path: '/v1/blogger/commissions',
      schema: CommissionPageResponseSchema,
    }),
  );

export const useBloggerPayouts = () =>
  useQuery({
    queryKey: programmeKeys.bloggerPayouts,
    queryFn: () => resultOf('/v1/blogger/payouts', { schema: PayoutPageResponseSchema }),
  });

/** Money moved: the dashboard's balance and the bonus account. */
const MONEY = [programmeKeys.blogger, programmeKeys.bonus];

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

export const useCreatePayout = () =>
  useChange(
    ({ body, key }: { body: CreatePayoutBody; key: string }) =>
      resultOf('/v1/blogger/payouts', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
        schema: PayoutResponseSchema,
      }),
    MONEY,
    { errorMessage: 'Не удалось создать заявку' },
  );

export const useCancelPayout = () =>
  useChange(
    (id: number) => api(`/v1/blogger/payouts/${id}`, { method: 'DELETE', schema: z.unknown() }),
    MONEY,
    { errorMessage: 'Не удалось отменить заявку' },
  );

export const useConvertToBonus = () =>
  useChange(
    (amount: number) =>
      resultOf('/v1/blogger/convert-to-bonus', {
        method: 'POST',
        body: { amount },
        schema: ConvertToBonusResponseSchema,
      }),
    MONEY,
    { errorMessage: 'Не удалось перевести' },
  );

export const useSavePicks = () =>
  useChange(
    (items: PickInput[]) =>
      resultOf('/v1/blogger/picks', { method: 'PUT', body: { items }, schema: PicksResponseSchema }),
    [['users']],
    { waitForRefetch: true, errorMessage: 'Не удалось сохранить подборку' },
  );

export const publicUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: programmeKeys.publicUser(id),
    queryFn: () => resultOf(`/v1/users/${id}`, { schema: PublicUserResponseSchema }),
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
    queryKey: queryKeys.userByPromo(promo),
    enabled: promo !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const { suggestions } = await resultOf('/v1/search-suggest', {
        query: { prefix: promo ?? '', size: 20 },
        signal,
        schema: SearchSuggestResponseSchema,
      });
      return suggestions.find((s) => s.kind === 'user' && s.user_id)?.user_id ?? null;
    },
  });
