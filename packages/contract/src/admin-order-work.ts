// Order work in the console (issue 28 item 6, docs/product.md §12.6): a manual order for a shopper
// who ordered in a chat, and an order's delivery changed before it ships.
import { z } from 'zod';
import { BodyIdSchema } from './commerce-common.ts';
import { resultOf } from './common.ts';
import { DeliveryBodySchema } from './delivery.ts';
import { CreateOrderBodySchema, OrderStatusSchema, type OrderStatus } from './orders.ts';

/**
 * `POST /admin/orders` (operate, `Idempotency-Key`): the shopper, the lines and the delivery, either
 * one of the shopper's saved addresses (`delivery_id`) or a new one (`delivery`, a pickup point as at
 * checkout; saved to the shopper's addresses, an identical one reused).
 */
export const AdminManualOrderBodySchema = z
  .object({
    user_id: BodyIdSchema,
    items: CreateOrderBodySchema.shape.items,
    delivery_id: BodyIdSchema.optional(),
    delivery: DeliveryBodySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.delivery_id === undefined) === (v.delivery === undefined))
      ctx.addIssue({ code: 'custom', path: ['delivery_id'], message: 'Выберите адрес доставки или пункт выдачи' });
  });
export type AdminManualOrderBody = z.infer<typeof AdminManualOrderBodySchema>;

/** `PUT /admin/orders/{id}/delivery` (operate): a saved address of the order's shopper, or a new one. */
export const AdminOrderDeliveryBodySchema = z
  .object({
    delivery_id: BodyIdSchema.optional(),
    delivery: DeliveryBodySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.delivery_id === undefined) === (v.delivery === undefined))
      ctx.addIssue({ code: 'custom', path: ['delivery_id'], message: 'Выберите адрес доставки или пункт выдачи' });
  });
export type AdminOrderDeliveryBody = z.infer<typeof AdminOrderDeliveryBodySchema>;

/** What a manual order answers: the new (or, on a repeated key, the earlier) order's id and money. */
export const AdminManualOrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  total: z.number().int(),
  to_pay: z.number().int(),
  user_id: z.number().int(),
});
export type AdminManualOrder = z.infer<typeof AdminManualOrderSchema>;
export const AdminManualOrderResponseSchema = resultOf(AdminManualOrderSchema);

/** The statuses whose delivery may still change: the goods have not left for the shopper. */
export const DELIVERY_EDITABLE_STATUSES = ['awaiting_payment', 'paid', 'purchasing', 'to_warehouse', 'customs'] as const satisfies readonly OrderStatus[];
