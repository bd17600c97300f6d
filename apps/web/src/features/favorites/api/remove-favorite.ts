// DELETE /api/v1/favorites/{product_id}: removes a favourite; the favourites caches refresh.
import type { FavoriteRemovedResponseSchema } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { FAVORITES_QUERY_KEY } from './get-favorites.ts';

export const removeFavorite = async (productId: number) =>
  (await api<Answer<typeof FavoriteRemovedResponseSchema>>(`/v1/favorites/${productId}`, { method: 'DELETE' }))
    .result;

export const useRemoveFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    meta: { errorMessage: 'Не удалось убрать из избранного' },
    onMutate: async (productId) => {
      // The heart empties at once; the refresh afterwards confirms it.
      await queryClient.cancelQueries({ queryKey: [...FAVORITES_QUERY_KEY, 'ids'] });
      queryClient.setQueryData<Set<number>>([...FAVORITES_QUERY_KEY, 'ids'], (ids) => {
        if (!ids) return ids;
        const next = new Set(ids);
        next.delete(productId);
        return next;
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
};
