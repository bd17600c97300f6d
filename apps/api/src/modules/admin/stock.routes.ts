// The Poizon purchase list and the inventory under /api/v1/admin (docs/product.md §12.6, issue 28):
// marking lines bought and changing stock need `operate` and land in the audit log. Registered
// inside consoleRoutes.
import {
  AdminInventoryQuerySchema,
  AdminProductParamsSchema,
  InventoryListResponseSchema,
  PurchaseBoughtBodySchema,
  PurchaseBoughtResponseSchema,
  PurchaseListResponseSchema,
  StockDeltaBodySchema,
  StockDeltaResponseSchema,
} from '@shop/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { changeStock, listInventory } from './inventory.ts';
import { getPurchaseList, markLinesBought, purchaseListXlsx } from './purchase-list.ts';

const tags = ['admin'];

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
