// GET /api/v1/favorites: the shopper's favourites, newest first, paged by cursor (docs/product.md §3, §7).
import type { FavoritesResponseSchema } from '@shop/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Every favourites cache starts with this key; POST and DELETE refresh them all (docs/product.md §7). */
export const FAVORITES_QUERY_KEY = queryKeys.favorites;
const FRESH_MS = 10 * 60_000;

export const getFavorites = async (cursor?: number, size?: number, signal?: AbortSignal) =>
  (await api<Answer<typeof FavoritesResponseSchema>>('/v1/favorites', { query: { cursor, size }, signal })).result;

export const favoritesInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...FAVORITES_QUERY_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => getFavorites(pageParam, 20, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more && last.cursor !== null ? last.cursor : undefined),
    staleTime: FRESH_MS,
  });

export const useFavoritesInfinite = () => useInfiniteQuery(favoritesInfiniteQueryOptions());

/** Which products are favourites (for the hearts): every page, 50 at a time. */
export const favoriteIdsQueryOptions = () =>
  queryOptions({
    queryKey: [...FAVORITES_QUERY_KEY, 'ids'],
    queryFn: async ({ signal }) => {
      const ids = new Set<number>();
      let cursor: number | undefined;
      for (let page = 0; page < 40; page += 1) {
        const result = await getFavorites(cursor, 50, signal);
        for (const f of result.favoriteList) ids.add(f.product.id);
        if (!result.more || result.cursor === null) break;
        cursor = result.cursor;
      }
      return ids;
    },
    staleTime: FRESH_MS,
  });

export const useFavoriteIds = () => useQuery(favoriteIdsQueryOptions());
