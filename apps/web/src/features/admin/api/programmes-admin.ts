// The console's blogger moderation and payouts (DESIGN §8): GET /admin/bloggers?status=,
// POST /admin/bloggers/{id}/approve|reject|request-changes, GET /admin/payouts?status=,
// GET /admin/payouts/{id}/details, POST /admin/payouts/{id}/paid|reject.
import {
  AdminBloggerPageResponseSchema,
  AdminBloggerResponseSchema,
  AdminPayoutDetailsResponseSchema,
  AdminPayoutPageResponseSchema,
  AdminPayoutResponseSchema,
  type AdminBloggerApproveBody,
  type BloggerStatus,
  type PayoutStatus,
} from '@shop/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';

export const useAdminBloggers = (status: BloggerStatus) =>
  useInfiniteQuery(
    cursorPagesOptions({
      queryKey: queryKeys.adminBloggersOf(status),
      path: '/v1/admin/bloggers',
      query: { status },
      schema: AdminBloggerPageResponseSchema,
    }),
  );

export type BloggerDecision =
  | { kind: 'approve'; body: AdminBloggerApproveBody }
  | { kind: 'reject'; reason: string }
  | { kind: 'request-changes'; comment: string };

export function useDecideBlogger() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: BloggerDecision }) => {
      const body =
        decision.kind === 'approve'
          ? decision.body
          : decision.kind === 'reject'
            ? { reason: decision.reason }
            : { comment: decision.comment };
      return (
        await api(`/v1/admin/bloggers/${id}/${decision.kind}`, {
          method: 'POST',
          body,
          schema: AdminBloggerResponseSchema,
        })
      ).result;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminBloggers }),
    meta: { errorMessage: 'Не удалось сохранить решение' },
  });
}

export const useAdminPayouts = (status: PayoutStatus) =>
  useInfiniteQuery(
    cursorPagesOptions({
      queryKey: queryKeys.adminPayoutsOf(status),
      path: '/v1/admin/payouts',
      query: { status },
      schema: AdminPayoutPageResponseSchema,
    }),
  );

export const getPayoutDetails = async (id: number) =>
  (await api(`/v1/admin/payouts/${id}/details`, { schema: AdminPayoutDetailsResponseSchema })).result;

export type PayoutDecision = { kind: 'paid'; receipt_url?: string } | { kind: 'reject'; reason: string };

export function useDecidePayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: PayoutDecision }) =>
      (
        await api(`/v1/admin/payouts/${id}/${decision.kind}`, {
          method: 'POST',
          body:
            decision.kind === 'paid'
              ? decision.receipt_url
                ? { receipt_url: decision.receipt_url }
                : {}
              : { reason: decision.reason },
          schema: AdminPayoutResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось сохранить' },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminPayouts }),
  });
}

/** The full payout details, read on demand (each read is written to the audit log). */
export const useRevealPayoutDetails = () =>
  useMutation({ mutationFn: getPayoutDetails, meta: { errorMessage: 'Не удалось получить реквизиты' } });
