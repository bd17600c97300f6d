// Public catalogue routes (no sign-in): the listing and its facets under /api/v2, the category
// tree, a product, similar products and search suggestions under /api/v1.
import {
  ApiErrorSchema,
  CatalogFilterQuerySchema,
  CategoriesResponseSchema,
  IdParamsSchema,
  ProductFiltersResponseSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  SearchSuggestQuerySchema,
  SearchSuggestResponseSchema,
  SimilarProductsResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { categoryTree } from './categories.repository.ts';
import { productFilters } from './facets.repository.ts';
import { listProducts } from './listing.repository.ts';
import { findProduct, similarProducts } from './product.repository.ts';
import { suggest } from './search.repository.ts';

const errors = { 400: ApiErrorSchema };

/** The same selection in any spelling (list order, duplicates) gives the same key. */
export function facetsCacheKey(query: Record<string, unknown>): string {
  const canonical = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => [k, Array.isArray(v) ? [...new Set(v.map(String))].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(canonical);
}

export const catalogV2Routes: FastifyPluginAsyncZod = async (app) => {
  const facets = app.facetsCache;
  app.get(
    '/product',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue listing: filters (comma lists), sorting, search, keyset cursor',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listProducts(app.db, request.query) }),
  );

  app.get(
    '/product/filters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Facets the current selection can still reach, with counts',
        querystring: CatalogFilterQuerySchema,
        response: { 200: ProductFiltersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const key = facetsCacheKey(request.query);
      let answer = facets.get(key);
      if (!answer) {
        answer = productFilters(app.db, request.query);
        facets.set(key, answer);
        answer.catch(() => facets.delete(key));
      }
      return { result: await answer };
    },
  );
};

export const catalogV1Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree',
        response: { 200: CategoriesResponseSchema },
      },
    },
    async () => ({ result: { categories: await categoryTree(app.db) } }),
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product with its variants, images and size table',
        params: IdParamsSchema,
        response: { 200: ProductResponseSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw notFound('Товар не найден');
      return { result: product };
    },
  );

  app.get(
    '/product/:id/similar',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Up to 20 similar products; entries without a price come last',
        params: IdParamsSchema,
        response: { 200: SimilarProductsResponseSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const products = await similarProducts(app.db, request.params.id);
      if (!products) throw notFound('Товар не найден');
      return { result: { products } };
    },
  );

  app.get(
    '/search-suggest',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search suggestions by prefix, typo-tolerant, Latin or Cyrillic',
        querystring: SearchSuggestQuerySchema,
        response: { 200: SearchSuggestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const texts = await suggest(app.db, request.query.prefix, request.query.size);
      return { result: { suggestions: texts.map((text) => ({ text })) } };
    },
  );
};
