// Products made in the console: POST /admin/products (with variants), POST /admin/products/{id}/pictures
// (one `image` each, with upload progress), PUT /admin/products/{id}/pictures (the order), the
// category tree to pick from (GET /api/v1/categories, read here: features do not share code) and
// the brands (GET /admin/brands?q=).
import {
  AdminBrandListResponseSchema,
  AdminCreatedProductResponseSchema,
  CategoriesResponseSchema,
  type AdminProductCreateBody,
} from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const useCategoryTree = () =>
  useQuery({
    queryKey: queryKeys.adminCategories,
    queryFn: async ({ signal }) =>
      (await api('/v1/categories', { schema: CategoriesResponseSchema, signal })).result.categories,
    staleTime: 10 * 60_000,
  });

/** The brands whose name or another spelling contains `q` (the most popular when empty). */
export const useBrands = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.adminBrands(q),
    queryFn: async ({ signal }) =>
      (
        await api(`/v1/admin/brands?limit=8${q ? `&q=${encodeURIComponent(q)}` : ''}`, {
          schema: AdminBrandListResponseSchema,
          signal,
        })
      ).result.brands,
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

const invalidateCatalog = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminInventory }),
    queryClient.invalidateQueries({ queryKey: queryKeys.product() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminBrands('').slice(0, 2) }),
  ]);

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminProductCreateBody) =>
      (await api('/v1/admin/products', { method: 'POST', body, schema: AdminCreatedProductResponseSchema }))
        .result,
    meta: { errorMessage: 'Не удалось создать товар' },
    onSettled: () => invalidateCatalog(queryClient),
  });
};

export const useUploadPicture = () =>
  useMutation({
    meta: { errorMessage: 'Не удалось загрузить картинку' },
    mutationFn: async ({ productId, file }: { productId: number; file: File }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return (
        await apiUpload(`/v1/admin/products/${productId}/pictures`, form, {
          schema: AdminCreatedProductResponseSchema,
        })
      ).result;
    },
  });

export const useOrderPictures = () =>
  useMutation({
    meta: { errorMessage: 'Не удалось поменять порядок картинок' },
    mutationFn: async ({ productId, images }: { productId: number; images: string[] }) =>
      (
        await api(`/v1/admin/products/${productId}/pictures`, {
          method: 'PUT',
          body: { images },
          schema: AdminCreatedProductResponseSchema,
        })
      ).result,
  });
