// The public catalogue answers as JSON text, through the catalogue read cache (decision 024): the
// routes send them, and the web app's HTML carries the first screen's ones (decision 033), so both
// give the same bytes for the same query and both are dropped by every catalogue write.
import type { CatalogFilterQuery, ProductListQuery } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import { cacheKey, FACETS_TTL_MS } from './catalog-cache.ts';
import { categoryTree } from './categories.repository.ts';
import { productFilters } from './facets.repository.ts';
import { listProducts } from './listing.repository.ts';
import { readProduct } from './product.repository.ts';

/** The same selection in any spelling (list order, duplicates) gives the same key. */
export const facetsCacheKey = (query: Record<string, unknown>): string => cacheKey('facets', query);

/** GET /api/v2/product with a parsed query. */
export const listingJson = (app: FastifyInstance, query: ProductListQuery): Promise<string> =>
  app.catalogCache.json(cacheKey('listing', query), async ({ known, asOf }) => ({
    result: await listProducts(app.db, query, {
      rows: app.catalogCache.cardRows,
      known: known && { ...known, asOf },
    }),
  }));

/** GET /api/v2/product/filters with a parsed query. */
export const filtersJson = (app: FastifyInstance, query: CatalogFilterQuery): Promise<string> =>
  app.catalogCache.json(
    facetsCacheKey(query),
    async ({ known, asOf }) => ({ result: await productFilters(app.db, query, { known: known && { ...known, asOf } }) }),
    FACETS_TTL_MS,
  );

/** GET /api/v1/categories. */
export const categoriesJson = (app: FastifyInstance): Promise<string> =>
  app.catalogCache.json(cacheKey('categories'), async () => ({
    result: { categories: await categoryTree(app.db) },
  }));

/** GET /api/v1/product/{id}; rejects with the 404 error for an unknown or hidden product. */
export const productJson = (app: FastifyInstance, id: number): Promise<string> =>
  app.catalogCache.json(cacheKey('product', { id }), async () => {
    // Read with the other cold cards of the moment, in one statement (decision 079).
    const product = await readProduct(app.db, id);
    if (!product) throw notFound('Товар не найден');
    return { result: product };
  });
