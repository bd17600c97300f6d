// The Poizon purchase list: GET /admin/purchase-list, POST /admin/purchase-list/bought (orders wholly
// bought move to «Выкупаем товар»), and the XLSX file (fetched with the bearer token, saved as a blob).
import { PurchaseBoughtResponseSchema, PurchaseListResponseSchema } from '@shop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api-client.ts';
import { fileDate, saveBlob } from '../../../lib/save-blob.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const usePurchaseList = () =>
  useQuery({
    queryKey: queryKeys.adminPurchaseList,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/purchase-list', { schema: PurchaseListResponseSchema, signal })).result,
  });

export const useMarkBought = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lineIds: number[]) =>
      (
        await api('/v1/admin/purchase-list/bought', {
          method: 'POST',
          body: { line_ids: lineIds },
          schema: PurchaseBoughtResponseSchema,
        })
      ).result,
    meta: { errorMessage: 'Не удалось отметить выкуп' },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminPurchaseList });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
    },
  });
};

export async function downloadPurchaseXlsx(): Promise<void> {
  const blob = await apiBlob('/v1/admin/purchase-list.xlsx', {});
  saveBlob(blob, `purchase-list-${fileDate()}.xlsx`);
}
