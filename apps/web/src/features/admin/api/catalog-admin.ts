// The console's catalogue: products published and hidden (GET /admin/products?q=&hidden=), one with
// its variants and their stock versions (GET /admin/products/{id}), and the edits
// PATCH /admin/products/{id} (title, description, publication), PATCH /admin/variants/{id} (price,
// stock by delta or set at a version) and POST /admin/variants/{id}/undo.
import {
  AdminProductDetailResponseSchema,
  AdminProductListResponseSchema,
  AdminProductResponseSchema,
  AdminVariantResponseSchema,
  type AdminProduct,
  type AdminProductPatchBody,
  type AdminVariant,
  type AdminVariantPatchBody,
} from '@shop/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const adminProductSearchQueryOptions = (search: string, hiddenOnly: boolean) =>
  queryOptions({
    queryKey: queryKeys.adminProductSearch(search, hiddenOnly),
    queryFn: async ({ signal }) =>
      (
        await api('/v1/admin/products', {
          query: { q: search.trim() || undefined, hidden: hiddenOnly ? '1' : undefined, limit: 50 },
          schema: AdminProductListResponseSchema,
          signal,
        })
      ).result.products,
  });

export const adminProductMetaQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.adminProductMeta(id),
    queryFn: async () =>
      (await api(`/v1/admin/products/${id}`, { schema: AdminProductDetailResponseSchema })).result,
    enabled: id !== null,
  });

export const patchProduct = async ({
  id,
  ...body
}: { id: number } & AdminProductPatchBody): Promise<AdminProduct> =>
  (await api(`/v1/admin/products/${id}`, { method: 'PATCH', body, schema: AdminProductResponseSchema }))
    .result;

export const patchVariant = async ({
  id,
  ...body
}: { id: number } & AdminVariantPatchBody): Promise<AdminVariant> =>
  (await api(`/v1/admin/variants/${id}`, { method: 'PATCH', body, schema: AdminVariantResponseSchema }))
    .result;

export const undoVariant = async ({ id }: { id: number }): Promise<AdminVariant> =>
  (await api(`/v1/admin/variants/${id}/undo`, { method: 'POST', schema: AdminVariantResponseSchema })).result;

/** With `errorMessage`, a failure is toasted (app/query-client.ts); without, the caller shows it. */
const useCatalogMutation = <I, O>(fn: (input: I) => Promise<O>, errorMessage?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: errorMessage === undefined ? undefined : { errorMessage },
    // The shopper's cached listings may show the old title or price too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminProducts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.productLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.product() }),
      ]),
  });
};

export const usePatchProduct = (errorMessage?: string) => useCatalogMutation(patchProduct, errorMessage);
export const usePatchVariant = () => useCatalogMutation(patchVariant, 'Не удалось сохранить вариант');
export const useUndoVariant = () => useCatalogMutation(undoVariant, 'Не удалось отменить изменение');
