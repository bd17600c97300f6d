// The console's catalogue: search through the shop's own listing (GET /v2/product), the product as
// staff see it, published or hidden (GET /admin/products/{id}), the shop's product for its variants
// (GET /v1/product/{id}, published only), and the edits PATCH /admin/products/{id} (title,
// description, publication) and PATCH /admin/variants/{id}.
import {
  AdminProductResponseSchema,
  AdminVariantResponseSchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  type AdminProduct,
  type AdminProductPatchBody,
  type AdminVariant,
  type AdminVariantPatchBody,
} from '@shop/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const adminProductSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'search', search],
    queryFn: async ({ signal }) =>
      (
        await api('/v2/product', {
          query: { search_string: search.trim() || undefined, limit: 30 },
          schema: ProductListResponseSchema,
          signal,
        })
      ).result.products,
  });

export const adminProductQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['admin', 'products', 'one', id],
    queryFn: async () => (await api(`/v1/product/${id}`, { schema: ProductResponseSchema })).result,
    enabled: id !== null,
  });

export const adminProductMetaQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['admin', 'products', 'meta', id],
    queryFn: async () =>
      (await api(`/v1/admin/products/${id}`, { schema: AdminProductResponseSchema })).result,
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

const useCatalogMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The shopper's cached listings may show the old title or price too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'products'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]),
  });
};

export const usePatchProduct = () => useCatalogMutation(patchProduct);
export const usePatchVariant = () => useCatalogMutation(patchVariant);
