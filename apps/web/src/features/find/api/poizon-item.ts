// GET /find/poizon/items/{spu} (a Poizon item priced now) and POST …/cart («В корзину»).
import { FindCartLineResponseSchema, PoizonItemResponseSchema, type PoizonItem } from '@shop/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const poizonItemQueryOptions = (spuId: string) =>
  queryOptions({
    queryKey: queryKeys.poizonItem(spuId),
    queryFn: async ({ signal }): Promise<PoizonItem> =>
      (await api(`/v1/find/poizon/items/${spuId}`, { schema: PoizonItemResponseSchema, signal })).result,
    staleTime: 5 * 60_000,
  });

export function useAddPoizonToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ spuId, size }: { spuId: string; size: string }) =>
      (
        await api(`/v1/find/poizon/items/${spuId}/cart`, {
          method: 'POST',
          body: { size },
          schema: FindCartLineResponseSchema,
        })
      ).result,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.carts }),
        qc.invalidateQueries({ queryKey: queryKeys.cartsLength }),
      ]),
    meta: { errorMessage: 'Ошибка при добавлении в корзину' },
  });
}
