// Favourites of the signed-in shopper (docs/product.md §7 and docs/product.md §11).
import {
  AddFavoriteBodySchema,
  AddFavoriteResponseSchema,
  ApiErrorSchema,
  FavoriteParamsSchema,
  FavoriteRemovedResponseSchema,
  FavoritesQuerySchema,
  FavoritesResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addFavorite, listFavorites, removeFavorite } from './favorites.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['favorites'] };

  app.get(
    '/favorites',
    {
      schema: {
        ...meta,
        summary: 'Favourites, newest first, cursor-paged',
        querystring: FavoritesQuerySchema,
        response: { 200: FavoritesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await listFavorites(app.db, request.userId, request.query.cursor, request.query.size),
    }),
  );

  app.post(
    '/favorites',
    {
      schema: {
        ...meta,
        summary: 'Add a product with the chosen variant (re-adding moves it to the top)',
        body: AddFavoriteBodySchema,
        response: { 200: AddFavoriteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await addFavorite(app.db, request.userId, request.body.product_id, request.body.variant_id),
    }),
  );

  app.delete(
    '/favorites/:product_id',
    {
      schema: {
        ...meta,
        summary: 'Remove a product from favourites',
        params: FavoriteParamsSchema,
        response: { 200: FavoriteRemovedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeFavorite(app.db, request.userId, request.params.product_id);
      return { result: { product_id: request.params.product_id } };
    },
  );
};
