// The console's views of a growing shop under /api/v1/admin (docs/product.md §12.6, issue 28): the
// sales dashboard, customers and the Poizon purchase list. Registered inside adminRoutes, behind its
// gate; marking lines bought needs `operate` and lands in the audit log.
import multipart from '@fastify/multipart';
import {
  AdminCreatedProductResponseSchema,
  AdminCustomerListResponseSchema,
  AdminCustomerParamsSchema,
  AdminCustomerResponseSchema,
  AdminCustomersQuerySchema,
  AdminInventoryQuerySchema,
  AdminPicturesOrderBodySchema,
  AdminProductCreateBodySchema,
  ApiErrorSchema,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  AdminProductParamsSchema,
  AdminStatsQuerySchema,
  InventoryListResponseSchema,
  StockDeltaBodySchema,
  StockDeltaResponseSchema,
  AdminStatsResponseSchema,
  AdminStatsTopResponseSchema,
  AdminStatsWaitingResponseSchema,
  PurchaseBoughtBodySchema,
  PurchaseBoughtResponseSchema,
  PurchaseListResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { getCustomer, listCustomers } from './customers.repository.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { readImagePart } from '../find/index.ts';
import { changeStock, listInventory } from './inventory.ts';
import { addPicture, createProduct, orderPictures } from './products-create.ts';
import { orderWorkRoutes } from './order-work.routes.ts';
import { getPurchaseList, markLinesBought, purchaseListXlsx } from './purchase-list.ts';
import { getStats, getTopSellers, getWaitingWork } from './stats.repository.ts';

const tags = ['admin'];

export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Pictures from the phone: one `image` part, the find uploads' limits.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, parts: 3 },
  });
  await app.register(orderWorkRoutes);
  const catalogChanged = () => {
    app.facetsCache.clear();
    void app.photoSearch.refresh();
  };

  app.get(
    '/stats',
    {
      schema: {
        tags,
        security,
        summary:
          "Sales of a range of days in the shop's time zone: revenue, orders paid and placed, conversion, average, refunds, by day",
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getStats(app.db, request.query, app.env.shopTimeZone) }),
  );

  app.get(
    '/stats/top',
    {
      schema: {
        tags,
        security,
        summary: 'The best-selling products and categories of the orders paid in a range of days',
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsTopResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getTopSellers(app.db, request.query, app.env.shopTimeZone) }),
  );

  app.get(
    '/stats/waiting',
    {
      schema: {
        tags,
        security,
        summary: 'The work waiting now: to buy, to ship, «Нужен возврат», find requests, payouts',
        response: { 200: AdminStatsWaitingResponseSchema, ...errors },
      },
    },
    async () => ({ result: await getWaitingWork(app.db) }),
  );

  app.get(
    '/customers',
    {
      schema: {
        tags,
        security,
        summary: 'Customers newest first, searched by name, phone or @username',
        querystring: AdminCustomersQuerySchema,
        response: { 200: AdminCustomerListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listCustomers(app.db, request.query) }),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: "A customer's card: orders, paid total (payments less refunds), addresses, messages, notes",
        params: AdminCustomerParamsSchema,
        response: { 200: AdminCustomerResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getCustomer(app.db, request.params.id) }),
  );

  app.get(
    '/purchase-list',
    {
      schema: {
        tags,
        security,
        summary: 'What paid orders need bought on Poizon, grouped by product, size and colour',
        response: { 200: PurchaseListResponseSchema, ...errors },
      },
    },
    async () => ({ result: await getPurchaseList(app.db) }),
  );

  app.get(
    '/purchase-list.xlsx',
    {
      schema: {
        tags,
        security,
        summary: 'The purchase list as XLSX, one row per order line',
        response: { 200: z.any(), ...errors },
      },
    },
    async (_request, reply) => {
      const file = await purchaseListXlsx(await getPurchaseList(app.db), app.env.shopTimeZone);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="purchase-list-${day}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/purchase-list/bought',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary:
          'Mark order lines bought; an order all of whose lines are bought moves to «Выкупаем товар» (409 when an order no longer waits)',
        body: PurchaseBoughtBodySchema,
        response: { 200: PurchaseBoughtResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await markLinesBought(app.db, request.body.line_ids, request.staff) }),
  );

  app.get(
    '/inventory',
    {
      schema: {
        tags,
        security,
        summary:
          'Every variant with stock, units held by unpaid orders and sold in 30 days; ?low=1 only «мало» (under LOW_STOCK_THRESHOLD)',
        querystring: AdminInventoryQuerySchema,
        response: { 200: InventoryListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listInventory(app.db, request.query, app.env.lowStockThreshold) }),
  );

  app.post(
    '/variants/:id/stock',
    {
      onRequest: requirePermission('operate'),
      schema: {
        tags,
        security,
        summary: "Change a variant's stock by a delta (409 below zero), audit-logged",
        params: AdminProductParamsSchema,
        body: StockDeltaBodySchema,
        response: { 200: StockDeltaResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await changeStock(
        app.db,
        request.params.id,
        request.body,
        request.staff.telegramId,
        app.env.lowStockThreshold,
      );
      app.facetsCache.clear();
      return { result: row };
    },
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
