// Orders as the app reads them. The foundation only serves the (empty) active list the session
// start prefetches; the orders issue fills in the order shape.
import { z } from 'zod';
import { resultOf } from './common.ts';

export const OrderPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type OrderPageQuery = z.infer<typeof OrderPageQuerySchema>;

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  status: z.string(),
  total: z.number().int(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderPageSchema = z.object({
  orders: z.array(OrderSummarySchema),
  page: z.number().int(),
  more: z.boolean(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;
export const OrderPageResponseSchema = resultOf(OrderPageSchema);
