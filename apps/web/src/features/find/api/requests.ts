// The shopper's find requests: GET /find/requests, POST /find/requests, …/{id}/accept, …/{id}/decline.
import {
  AcceptFindRequestResponseSchema,
  FindRequestListResponseSchema,
  FindRequestResponseSchema,
  type CreateFindRequestBody,
} from '@shop/contract';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REQUESTS_KEY = ['find', 'requests'] as const;

export const findRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: REQUESTS_KEY,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/find/requests', {
          query: { cursor: pageParam },
          schema: FindRequestListResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
  });

export function useCreateFindRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateFindRequestBody) =>
      (await api('/v1/find/requests', { method: 'POST', body, schema: FindRequestResponseSchema })).result,
    onSuccess: () => qc.invalidateQueries({ queryKey: REQUESTS_KEY }),
    meta: { errorMessage: 'Не удалось отправить запрос' },
  });
}

export function useAnswerFindRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? (
            await api(`/v1/find/requests/${id}/accept`, {
              method: 'POST',
              schema: AcceptFindRequestResponseSchema,
            })
          ).result.request
        : (
            await api(`/v1/find/requests/${id}/decline`, {
              method: 'POST',
              schema: FindRequestResponseSchema,
            })
          ).result,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: REQUESTS_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.carts }),
        qc.invalidateQueries({ queryKey: queryKeys.cartsLength }),
      ]),
    meta: { errorMessage: 'Не удалось ответить на запрос' },
  });
}
