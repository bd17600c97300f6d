// The console's catalogue under /api/v1/admin (docs/product.md §12.3): products published and
// hidden, a product's texts and publication, a variant's price and stock (versioned, undoable).
// Registered by admin.routes.ts behind the admin gate; imports are admin-import.routes.ts.
import {
  AdminProductDetailResponseSchema,
  AdminProductListResponseSchema,
  AdminProductParamsSchema,
  AdminProductPatchBodySchema,
  AdminProductsQuerySchema,
  AdminProductResponseSchema,
  AdminVariantPatchBodySchema,
  AdminVariantResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import {
  getAdminProductDetail,
  listAdminProducts,
  patchProduct,
  patchVariant,
  undoVariantChange,
} from './catalog-admin.repository.ts';

const tags = ['admin'];

export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'Products published and hidden, by title, SPU, id or SKU; `hidden=1` only the hidden',
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: { products: await listAdminProducts(app.db, request.query) } }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A product as staff see it, published or hidden, with its variants and their stock versions',
        params: AdminProductParamsSchema,
        response: { 200: AdminProductDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getAdminProductDetail(app.db, request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          "Edit a product's title, description or brand (another, none, or a new one by name); publish or hide it",
        params: AdminProductParamsSchema,
        body: AdminProductPatchBodySchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await patchProduct(app.db, request.params.id, request.body, request.staff.telegramId);
      app.facetsCache.clear();
      void app.photoSearch.refresh();
      return { result: product };
    },
  );

  app.patch(
    '/variants/:id',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          "Set a variant's price, move its stock by `qty_delta`, or set `qty` at the `version` read (409 stale)",
        params: AdminProductParamsSchema,
        body: AdminVariantPatchBodySchema,
        response: { 200: AdminVariantResponseSchema, ...errors },
      },
    },
    async (request) => {
      const variant = await patchVariant(app.db, request.params.id, request.body, request.staff.telegramId);
      app.facetsCache.clear();
      return { result: variant };
    },
  );

  app.post(
    '/variants/:id/undo',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Undo a variant's last change (its price back; its stock by the opposite delta)",
        params: AdminProductParamsSchema,
        response: { 200: AdminVariantResponseSchema, ...errors },
      },
    },
    async (request) => {
      const variant = await undoVariantChange(app.db, request.params.id, request.staff.telegramId);
      app.facetsCache.clear();
      return { result: variant };
    },
  );

  // Applied imports run in the background (background-jobs.ts, not in a `web` instance).
};
