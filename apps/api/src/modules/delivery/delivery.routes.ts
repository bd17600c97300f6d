// Delivery addresses of the signed-in shopper (docs/product.md §11).
import {
  ApiErrorSchema,
  DeliveryAddressResponseSchema,
  DeliveryBodySchema,
  DeliveryCitiesQuerySchema,
  DeliveryCitiesResponseSchema,
  DeliveryPointsQuerySchema,
  DeliveryPointsResponseSchema,
  DeliveryQuoteBodySchema,
  DeliveryQuoteResponseSchema,
  type DeliveryBody,
  DeliveryListResponseSchema,
  DeliveryRemovedResponseSchema,
  IdParamsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  type DeliveryInput,
} from './delivery.repository.ts';
import { withCarrierPoint } from './shopper-address.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const carrierErrors = { ...errors, 502: ApiErrorSchema, 503: ApiErrorSchema };

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['delivery'] };

  /** A pickup point is saved with the carrier's address and hours, never the client's. */
  const withPoint = (body: DeliveryBody): Promise<DeliveryInput> => withCarrierPoint(app.delivery, body);

  app.get(
    '/delivery/cities',
    {
      schema: {
        ...meta,
        summary: "The carrier's cities whose name starts with (or holds) q",
        querystring: DeliveryCitiesQuerySchema,
        response: { 200: DeliveryCitiesResponseSchema, ...carrierErrors },
      },
    },
    async (request) => ({ result: await app.delivery.cities(request.query.q) }),
  );

  app.get(
    '/delivery/points',
    {
      schema: {
        ...meta,
        summary: 'Pickup points of a city; nearest first when lat and lon are given',
        querystring: DeliveryPointsQuerySchema,
        response: { 200: DeliveryPointsResponseSchema, ...carrierErrors },
      },
    },
    async (request) => {
      const { city_code, lat, lon } = request.query;
      const position = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
      return { result: await app.delivery.points(city_code, position) };
    },
  );

  app.post(
    '/delivery/quote',
    {
      schema: {
        ...meta,
        summary:
          'Delivery price, dates (China leg + carrier) and the customs duty of goods to a point or door',
        body: DeliveryQuoteBodySchema,
        response: { 200: DeliveryQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => {
      const { city_code, point_code, address, items } = request.body;
      const goods = await app.delivery.goodsOf(app.db, items);
      const destination = point_code !== undefined ? { city_code, point_code } : { city_code, address };
      return { result: await app.delivery.quote(app.db, destination, goods) };
    },
  );

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
        response: { 201: DeliveryAddressResponseSchema, ...carrierErrors },
      },
    },
    async (request, reply) => {
      const body = await withPoint(request.body);
      reply.code(201);
      return { result: await createAddress(app.db, request.userId, body) };
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
        response: { 200: DeliveryAddressResponseSchema, ...carrierErrors },
      },
    },
    async (request) => ({
      result: await updateAddress(app.db, request.userId, request.params.id, await withPoint(request.body)),
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
