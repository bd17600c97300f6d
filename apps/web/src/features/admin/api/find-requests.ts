// GET /admin/find-requests, POST …/{id}/quote, …/{id}/take, …/{id}/reject; GET, PUT /admin/settings/find.
import {
  AdminFindRequestListResponseSchema,
  AdminFindRequestResponseSchema,
  FindSettingsResponseSchema,
  type FindRequestStatus,
  type FindSettings,
  type QuoteFindRequestBody,
} from '@shop/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const findRequestsAdminQueryOptions = (status: FindRequestStatus[]) =>
  queryOptions({
    queryKey: queryKeys.adminFindRequestsOf(status.join(',')),
    queryFn: async ({ signal }) =>
      (
        await api('/v1/admin/find-requests', {
          query: { status: status.join(',') || undefined, limit: 100 },
          schema: AdminFindRequestListResponseSchema,
          signal,
        })
      ).result,
  });

type Action =
  | { id: number; kind: 'quote'; body: QuoteFindRequestBody }
  | { id: number; kind: 'take' }
  | { id: number; kind: 'reject'; reason: string };

export function useFindRequestAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: Action) =>
      (
        await api(`/v1/admin/find-requests/${a.id}/${a.kind}`, {
          method: 'POST',
          ...(a.kind === 'quote'
            ? { body: a.body }
            : a.kind === 'reject'
              ? { body: { reason: a.reason } }
              : {}),
          schema: AdminFindRequestResponseSchema,
        })
      ).result,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminFindRequests }),
    meta: { errorMessage: 'Не удалось сохранить' },
  });
}

export const findSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminFindSettings,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/settings/find', { schema: FindSettingsResponseSchema, signal })).result,
  });

export function useSaveFindSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: FindSettings) =>
      (await api('/v1/admin/settings/find', { method: 'PUT', body, schema: FindSettingsResponseSchema }))
        .result,
    meta: { errorMessage: 'Не удалось сохранить настройки' },
    onSuccess: (data) => qc.setQueryData(queryKeys.adminFindSettings, data),
  });
}
