// «Сообщить о поступлении» (docs/product.md §4.9): which sold-out sizes of the product this shopper
// waits for, and the subscription to one (idempotent on the server). Typed, not parsed (no zod in
// the product drawer's code, docs/decisions/032).
import type {
  RestockSubscribeBody,
  RestockSubscriptionResponseSchema,
  RestockSubscriptionsResponseSchema,
} from '@shop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const useRestockWaiting = (productId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.restockWaiting(productId),
    queryFn: async ({ signal }) =>
      (
        await api<Answer<typeof RestockSubscriptionsResponseSchema>>(`/v1/product/${productId}/subscriptions`, {
          signal,
        })
      ).result.variant_ids,
    enabled,
  });

export function useSubscribeRestock(productId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (variantId: number) =>
      (
        await api<Answer<typeof RestockSubscriptionResponseSchema>>(`/v1/product/${productId}/subscribe`, {
          method: 'POST',
          body: { variant_id: variantId } satisfies RestockSubscribeBody,
        })
      ).result,
    meta: { errorMessage: 'Не удалось подписаться на поступление' },
    onSuccess: ({ variant_id }) =>
      qc.setQueryData<number[]>(queryKeys.restockWaiting(productId), (ids = []) =>
        ids.includes(variant_id) ? ids : [...ids, variant_id],
      ),
  });
}
