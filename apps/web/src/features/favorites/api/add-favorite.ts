// POST /api/v1/favorites: a product with the chosen size becomes a favourite; the favourites
// caches refresh afterwards (docs/product.md §7).
import { AddFavoriteResponseSchema, type AddFavoriteBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FAVORITES_QUERY_KEY } from './get-favorites.ts';

export const addFavorite = async (body: AddFavoriteBody) =>
  (await api('/v1/favorites', { method: 'POST', body, schema: AddFavoriteResponseSchema })).result;

/** With `errorMessage`, a failure is toasted (app/query-client.ts); without, the caller handles it. */
export const useAddFavorite = (errorMessage?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    meta: errorMessage === undefined ? undefined : { errorMessage },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
};
