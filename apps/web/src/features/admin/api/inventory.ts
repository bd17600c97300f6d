// GET /admin/inventory (?low=1 for «мало», ?q= by title or SKU, keyset pages) and
// POST /admin/variants/{id}/stock (a delta; 409 below zero).
import { InventoryListResponseSchema, StockDeltaResponseSchema, type StockDeltaBody } from '@shop/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type InventoryFilter = { low: boolean; q: string };

export const inventoryQueryOptions = (f: InventoryFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminInventoryOf(f),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/admin/inventory', {
          query: { low: f.low ? '1' : undefined, q: f.q.trim() || undefined, cursor: pageParam },
          schema: InventoryListResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useInventory = (f: InventoryFilter) => useInfiniteQuery(inventoryQueryOptions(f));

export const useChangeStock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ variantId, ...body }: StockDeltaBody & { variantId: number }) =>
      (
        await api(`/v1/admin/variants/${variantId}/stock`, {
          method: 'POST',
          body,
          schema: StockDeltaResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось изменить остаток' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminInventory }),
  });
};
