// The shopper's cart (docs/product.md §7 and docs/product.md §11).
import {
  AddToCartBodySchema,
  ApiErrorSchema,
  CartLenResponseSchema,
  CartLineParamsSchema,
  CartLineResponseSchema,
  CartRemovedResponseSchema,
  CartResponseSchema,
  UpdateCartLineBodySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCart, cartLength, listCart, removeFromCart, setCartQuantity } from './cart.repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['cart'] };

  app.get(
    '/cart',
    {
      schema: {
        ...meta,
        summary: 'Cart entries per product with their variants',
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await listCart(app.db, request.userId) }),
  );

  app.get(
    '/cart/len',
    {
      schema: {
        ...meta,
        summary: 'Number of cart lines',
        response: { 200: CartLenResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: { len: await cartLength(app.db, request.userId) } }),
  );

  app.post(
    '/cart',
    {
      schema: {
        ...meta,
        summary: 'Add a variant (increments an existing line); 409 when out of stock',
        body: AddToCartBodySchema,
        response: { 200: CartLineResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await addToCart(app.db, request.userId, {
        productId: request.body.product_id,
        variantId: request.body.variant_id,
        quantity: request.body.quantity,
      }),
    }),
  );

  app.patch(
    '/cart/:variant_id',
    {
      schema: {
        ...meta,
        summary: "Set a line's quantity",
        params: CartLineParamsSchema,
        body: UpdateCartLineBodySchema,
        response: { 200: CartLineResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await setCartQuantity(app.db, request.userId, request.params.variant_id, request.body.quantity),
    }),
  );

  app.delete(
    '/cart/:variant_id',
    {
      schema: {
        ...meta,
        summary: 'Remove a line',
        params: CartLineParamsSchema,
        response: { 200: CartRemovedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeFromCart(app.db, request.userId, request.params.variant_id);
      return { result: { variant_id: request.params.variant_id } };
    },
  );
};
