// Public catalogue routes (no sign-in): the listing and its facets under /api/v2, the category
// tree, a product, similar products and search suggestions under /api/v1.
// Every answer here is the same for every shopper, so it is served from the catalogue cache as
// ready JSON text (catalog-cache.ts, docs/decisions/024). These routes never read the shopper's
// identity: nothing per-user may enter the cache.
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
import type { SearchSuggestion } from '@shop/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import { categoriesJson, filtersJson, listingJson, productJson } from './catalog-answers.ts';
import { cacheKey } from './catalog-cache.ts';
import { similarProducts } from './product.repository.ts';
import { suggest } from './search.repository.ts';
import { tokenIndexOf } from './token-index.ts';

const errors = { 400: ApiErrorSchema };

export { facetsCacheKey } from './catalog-answers.ts';

/**
 * Sends cached JSON text as it is: validated when it was computed (the contract types the
 * repositories' answers), not serialised again per request.
 */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(json);

export const catalogV2Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue listing: filters (comma lists), sorting, search, keyset cursor',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema, ...errors },
      },
      // A search counts against the search limit; plain browsing does not (docs/product.md §16).
      preHandler: async (request, reply) => {
        if (request.query.search_string) await app.limits.check('search', request, reply);
      },
    },
    async (request, reply) => sendJson(reply, await listingJson(app, request.query)),
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
    async (request, reply) => sendJson(reply, await filtersJson(app, request.query)),
  );
};

/**
 * People shown among the suggestions (approved bloggers; the blogger module's, wired in app.ts).
 * `version` is a text column read with every log read of the token index (decision 086), whose value
 * changes with any write to what `suggest` reads; `suggest` is given the value read after the
 * request arrived (it may answer from memory when it holds that version), or undefined when the
 * index did not read it (then it reads the database itself).
 */
export type SuggestPeople = {
  version: SQL;
  /** Whether `suggest` reads anything for this prefix (no version is read for it otherwise). */
  asks: (prefix: string) => boolean;
  suggest: (
    db: Database,
    prefix: string,
    limit: number,
    version: string | undefined,
  ) => Promise<SearchSuggestion[]>;
};

/** The name of the people's version among the token index's watched columns. */
const PEOPLE = 'people';

export const catalogV1Routes: FastifyPluginAsyncZod<{ suggestPeople: SuggestPeople }> = async (app, opts) => {
  const cache = app.catalogCache;
  const people = opts.suggestPeople;
  tokenIndexOf(app.db)?.watch(PEOPLE, people.version);
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree',
        response: { 200: CategoriesResponseSchema },
      },
    },
    async (_request, reply) => sendJson(reply, await categoriesJson(app)),
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
    async (request, reply) => sendJson(reply, await productJson(app, request.params.id)),
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
    async (request, reply) =>
      sendJson(
        reply,
        await cache.json(cacheKey('similar', request.params), async () => {
          const products = await similarProducts(app.db, request.params.id);
          if (!products) throw notFound('Товар не найден');
          return { result: { products } };
        }),
      ),
  );

  app.get(
    '/search-suggest',
    {
      config: { limit: 'search' },
      schema: {
        tags: ['catalog'],
        summary: 'Search suggestions by prefix, typo-tolerant, Latin or Cyrillic',
        querystring: SearchSuggestQuerySchema,
        response: { 200: SearchSuggestResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cache.json(cacheKey('suggest', request.query), async () => {
          // The token index synced once for both: the terms, and the people's version read with
          // its log (decision 086); without it, each reads the database.
          const index = tokenIndexOf(app.db);
          const watched = people.asks(request.query.prefix) ? [PEOPLE] : [];
          const synced = index && (await index.sync(app.db, watched)) ? index : undefined;
          const [texts, found] = await Promise.all([
            suggest(app.db, request.query.prefix, request.query.size, { tokenIndex: synced ?? false, synced: true }),
            // Approved bloggers by name or promo code (docs/product.md §13.5): choosing one opens
            // their page. Public data, the same for every shopper, so it may share the cache.
            people.suggest(app.db, request.query.prefix, 3, synced?.watched(PEOPLE)),
          ]);
          return { result: { suggestions: [...found, ...texts.map((text) => ({ text }))] } };
        }),
      ),
  );
};
