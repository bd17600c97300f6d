// The shopper's find calls under /api/v1/find (docs/product.md §14): resolve a pasted link, a Poizon
// item and «В корзину», Poizon search, and requests for a manual quote.
import multipart from '@fastify/multipart';
import {
  AcceptFindRequestResponseSchema,
  ApiErrorSchema,
  CreateFindRequestBodySchema,
  FindCartLineResponseSchema,
  FindRequestListQuerySchema,
  FindRequestListResponseSchema,
  FindRequestParamsSchema,
  FindRequestResponseSchema,
  FindUploadResponseSchema,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  PoizonCartBodySchema,
  PoizonItemParamsSchema,
  PoizonItemResponseSchema,
  PoizonSearchQuerySchema,
  PoizonSearchResponseSchema,
  ResolveBodySchema,
  ResolveResponseSchema,
  SCREENSHOT_GONE_MESSAGE,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import {
  acceptFindRequest,
  createFindRequest,
  declineFindRequest,
  getOwnFindRequest,
  listFindRequests,
  toFindRequest,
} from './find-requests.repository.ts';
import { addPoizonItemToCart } from './poizon-cart.ts';
import { ProviderUnavailable } from './poizon-provider.ts';
import type { PoizonService } from './poizon.service.ts';
import { readImagePart, screenshotExists, storeScreenshot } from './screenshots.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
  503: ApiErrorSchema,
};
const uploadErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};
const tags = ['find'];
export const SEARCH_UNAVAILABLE = 'Поиск по Poizon сейчас недоступен — пришлите ссылку на товар';

type FindApp = Parameters<FastifyPluginAsyncZod>[0];

export const findRoutes: FastifyPluginAsyncZod<{ service: PoizonService }> = async (app, { service }) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, parts: 3 },
  });

  app.post(
    '/find/uploads',
    {
      // An upload costs a decode and an encode: the per-shopper `photo` limit, as search by photo.
      config: { limit: 'photo' },
      schema: {
        tags,
        summary:
          'Store a screenshot for a request: multipart `image` (JPEG, PNG or WebP, ≤ 10 MB), kept re-encoded as JPEG ≤ 1600 px',
        consumes: ['multipart/form-data'],
        response: { 201: FindUploadResponseSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', PHOTO_ERRORS.noFile);
      const image = await readImagePart(request.parts());
      if (!image?.length) throw badRequest(PHOTO_ERRORS.noFile, 'body.image');
      return reply.code(201).send({
        result: await storeScreenshot(app.media, image, {
          userId: request.userId,
          secret: app.env.jwtSecret,
        }),
      });
    },
  );

  app.post(
    '/find/poizon/resolve',
    {
      // Resolving may reach a paid outside API: the per-shopper `resolve` limit (plugins/rate-limit.ts).
      config: { limit: 'resolve' },
      schema: {
        tags,
        summary: 'What a pasted Poizon link, share text, spuId or article names',
        body: ResolveBodySchema,
        response: { 200: ResolveResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await service.resolve(request.body.query) }),
  );

  app.get(
    '/find/poizon/items/:spu_id',
    {
      schema: {
        tags,
        summary: 'A Poizon item priced in roubles now (valid 24 h)',
        params: PoizonItemParamsSchema,
        response: { 200: PoizonItemResponseSchema, ...errors },
      },
    },
    async (request) => {
      const item = await service.item(request.params.spu_id);
      if (!item) throw notFound('Товар на Poizon не найден');
      return { result: item };
    },
  );

  app.post(
    '/find/poizon/items/:spu_id/cart',
    {
      schema: {
        tags,
        summary: 'Import the item as a hidden product and add the size to the cart',
        params: PoizonItemParamsSchema,
        body: PoizonCartBodySchema,
        response: { 200: FindCartLineResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await addPoizonItemToCart(
        app.db,
        service,
        request.userId,
        request.params.spu_id,
        request.body.size,
        () => app.facetsCache.clear(),
      ),
    }),
  );

  app.get(
    '/find/poizon/search',
    {
      config: { limit: 'search' },
      schema: {
        tags,
        summary: 'Search Poizon through the provider (20 per page); 503 when it is off',
        querystring: PoizonSearchQuerySchema,
        response: { 200: PoizonSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      try {
        return { result: await service.search(request.query.q, request.query.page) };
      } catch (err) {
        if (err instanceof ProviderUnavailable) {
          request.log.warn({ err: err.message }, 'Poizon search unavailable');
          throw new AppError(503, 'service_unavailable', SEARCH_UNAVAILABLE);
        }
        throw err;
      }
    },
  );

  await findRequestRoutes(app);
};

/** The shopper's manual-quote requests: ask, list, read, answer an offer. */
async function findRequestRoutes(app: FindApp) {
  app.post(
    '/find/requests',
    {
      schema: {
        tags,
        summary: 'Ask staff for a manual quote',
        body: CreateFindRequestBodySchema,
        response: { 201: FindRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const image = request.body.image_url;
      if (
        image &&
        !(await screenshotExists(app.media, image, { userId: request.userId, secret: app.env.jwtSecret }))
      )
        throw badRequest(SCREENSHOT_GONE_MESSAGE, 'body.image_url');
      return reply.code(201).send({ result: await createFindRequest(app.db, request.userId, request.body) });
    },
  );

  app.get(
    '/find/requests',
    {
      schema: {
        tags,
        summary: "The shopper's requests, newest first",
        querystring: FindRequestListQuerySchema,
        response: { 200: FindRequestListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listFindRequests(app.db, request.userId, request.query) }),
  );

  app.get(
    '/find/requests/:id',
    {
      schema: {
        tags,
        summary: 'One of my requests (404 for anyone else)',
        params: FindRequestParamsSchema,
        response: { 200: FindRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: toFindRequest(await getOwnFindRequest(app.db, request.userId, request.params.id)),
    }),
  );

  app.post(
    '/find/requests/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a live quote: the item goes into the cart',
        params: FindRequestParamsSchema,
        response: { 200: AcceptFindRequestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await acceptFindRequest(app.db, request.userId, request.params.id);
      app.facetsCache.clear();
      return { result };
    },
  );

  app.post(
    '/find/requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a request or its quote',
        params: FindRequestParamsSchema,
        response: { 200: FindRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await declineFindRequest(app.db, request.userId, request.params.id) }),
  );
}
