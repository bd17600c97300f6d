// Delivery addresses of the signed-in shopper (docs/product.md §11).
import {
  ApiErrorSchema,
  DeliveryAddressResponseSchema,
  DeliveryBodySchema,
  DeliveryListResponseSchema,
  DeliveryRemovedResponseSchema,
  IdParamsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './delivery.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['delivery'] };

  app.get(
    '/delivery',
    {
      schema: {
        ...meta,
        summary: 'Saved addresses, default first',
        response: { 200: DeliveryListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listAddresses(app.db, request.userId) }),
  );

  app.post(
    '/delivery',
    {
      schema: {
        ...meta,
        summary: 'Save an address (the first one becomes the default)',
        body: DeliveryBodySchema,
        response: { 201: DeliveryAddressResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { result: await createAddress(app.db, request.userId, request.body) };
    },
  );

  app.put(
    '/delivery/:id',
    {
      schema: {
        ...meta,
        summary: 'Replace an address',
        params: IdParamsSchema,
        body: DeliveryBodySchema,
        response: { 200: DeliveryAddressResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await updateAddress(app.db, request.userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/delivery/:id',
    {
      schema: {
        ...meta,
        summary: 'Delete an address',
        params: IdParamsSchema,
        response: { 200: DeliveryRemovedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteAddress(app.db, request.userId, request.params.id);
      return { result: { id: request.params.id } };
    },
  );
};
