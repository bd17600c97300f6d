// Products made in the console under /api/v1/admin (docs/product.md §12.6, issue 28): a product with
// its variants, its pictures uploaded from the phone and their order (all need `operate`), and the
// brands to pick from.
// Registered inside consoleRoutes.
import multipart from '@fastify/multipart';
import {
  AdminBrandListResponseSchema,
  AdminBrandsQuerySchema,
  AdminCreatedProductResponseSchema,
  AdminPicturesOrderBodySchema,
  AdminProductCreateBodySchema,
  AdminProductParamsSchema,
  ApiErrorSchema,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { readImagePart } from '../find/index.ts';
import { addPicture, createProduct, listBrands, orderPictures } from './products-create.ts';

const tags = ['admin'];

export const productCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  // Pictures from the phone: one `image` part, the find uploads' limits.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, parts: 3 },
  });
  const catalogChanged = () => {
    app.facetsCache.clear();
    void app.photoSearch.refresh();
  };

  app.get(
    '/brands',
    {
      schema: {
        tags,
        security,
        summary: "The shop's brands for the product form, searched by name or another spelling as typed",
        querystring: AdminBrandsQuerySchema,
        response: { 200: AdminBrandListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: { brands: await listBrands(app.db, request.query) } }),
  );

  app.post(
    '/products',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          'Create a product with its variants (through the catalogue importer); hidden until published unless is_published',
        body: AdminProductCreateBodySchema,
        response: { 201: AdminCreatedProductResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.db, request.body, request.staff.telegramId);
      catalogChanged();
      return reply.code(201).send({ result: product });
    },
  );

  app.post(
    '/products/:id/pictures',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          'Add a picture: multipart `image` (JPEG, PNG or WebP, ≤ 10 MB), kept re-encoded (upright, ≤ 1600 px, JPEG, no EXIF) after the others',
        consumes: ['multipart/form-data'],
        params: AdminProductParamsSchema,
        response: {
          201: AdminCreatedProductResponseSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', PHOTO_ERRORS.noFile);
      const image = await readImagePart(request.parts());
      if (!image?.length) throw badRequest(PHOTO_ERRORS.noFile, 'body.image');
      const product = await addPicture(app.db, app.media, request.params.id, image, request.staff.telegramId);
      catalogChanged();
      return reply.code(201).send({ result: product });
    },
  );

  app.put(
    '/products/:id/pictures',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Put a product's pictures in a new order (each once); the first is the card picture",
        params: AdminProductParamsSchema,
        body: AdminPicturesOrderBodySchema,
        response: { 200: AdminCreatedProductResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await orderPictures(app.db, request.params.id, request.body, request.staff.telegramId);
      catalogChanged();
      return { result: product };
    },
  );
};
