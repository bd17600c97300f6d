// Orders and payment as the app reads them (docs/product.md §11).
import { z } from 'zod';
import { BodyIdSchema, LineQuantitySchema } from './commerce-common.ts';
import { resultOf } from './common.ts';
import { DeliveryAddressSchema, DeliveryQuoteSchema, ShipmentSchema } from './delivery.ts';

/** Order statuses in their order of progress (docs/product.md §11); the database column uses the same list. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'purchasing',
  'to_warehouse',
  'customs',
  'delivering',
  'ready_for_pickup',
  'completed',
  'canceled',
  'refunded',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The one Russian name of each status: the shopper's orders, the console, the CSV export. */
export const ORDER_STATUS_RU: Readonly<Record<OrderStatus, string>> = {
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  purchasing: 'Выкупаем товар',
  to_warehouse: 'Едет на склад',
  customs: 'На таможне',
  delivering: 'Доставляется',
  ready_for_pickup: 'Готов к выдаче',
  completed: 'Получен',
  canceled: 'Отменён',
  refunded: 'Возврат оформлен',
};

/** Statuses that end an order's life: an order in any other status is "active". */
export const INACTIVE_ORDER_STATUSES = ['completed', 'canceled'] as const satisfies readonly OrderStatus[];
export const ACTIVE_ORDER_STATUSES = ORDER_STATUSES.filter(
  (s) => !(INACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(s),
) as readonly OrderStatus[];
export const isActiveOrder = (status: OrderStatus): boolean => ACTIVE_ORDER_STATUSES.includes(status);

/** Statuses that end an order: nothing follows them. */
export const FINAL_ORDER_STATUSES = [
  'completed',
  'canceled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** The fulfilment path of a paid order; a move may skip forward along it, never back. */
const FULFILMENT_PATH = [
  'paid',
  'purchasing',
  'to_warehouse',
  'customs',
  'delivering',
  'ready_for_pickup',
  'completed',
] as const satisfies readonly OrderStatus[];

/**
 * Which status may follow which (docs/product.md §4.15, §12.3). `paid` comes only from the payment path or an
 * owner's "mark paid"; `canceled` from `awaiting_payment`, `paid` or `purchasing` (a paid order
 * only together with its refund); `refunded` only through a succeeded full refund of a paid order,
 * `completed` included (the goods came back; docs/decisions/046).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = (() => {
  const map = Object.fromEntries(ORDER_STATUSES.map((s) => [s, [] as OrderStatus[]])) as Record<
    OrderStatus,
    OrderStatus[]
  >;
  map.awaiting_payment.push('paid', 'canceled');
  FULFILMENT_PATH.forEach((from, i) => {
    map[from].push(...FULFILMENT_PATH.slice(i + 1), 'refunded');
  });
  map.paid.push('canceled');
  map.purchasing.push('canceled');
  return map;
})();

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** Statuses of one payment attempt; the database column uses the same list. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled'] as const;

export const OrderPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type OrderPageQuery = z.infer<typeof OrderPageQuerySchema>;

export const CreateOrderBodySchema = z.object({
  items: z
    .array(z.object({ product_id: BodyIdSchema, variant_id: BodyIdSchema, quantity: LineQuantitySchema }))
    .min(1, 'Заказ пуст')
    .max(50, 'Слишком много позиций в заказе')
    .refine(
      (items) => new Set(items.map((i) => i.variant_id)).size === items.length,
      'Каждый вариант товара указывается один раз',
    ),
  delivery_id: BodyIdSchema,
  /** Bonuses to pay with (docs/product.md §13): at most the cap % of the goods and the balance, else 409. */
  bonus_amount: z.number().int().min(0).max(2_147_483_647).optional(),
  /** A blogger's promo code (4–16 latin capitals and digits, any case). */
  promo_code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/, 'Промокод — 4–16 латинских букв и цифр'))
    .optional(),
  /** The amount the shopper confirmed; a different server amount is 409 `price_changed`. */
  expected_to_pay: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** Same key, same order: a retried POST /order never places a second one. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'Нужен заголовок Idempotency-Key' })
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Idempotency-Key: 8–100 символов [A-Za-z0-9_.:-]'),
});

export const OrderItemSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  variant_title: z.string(),
  size: z.string().nullable(),
  size_eu: z.string().nullable(),
  color: z.string().nullable(),
  image: z.string().nullable(),
  price: z.number().int(),
  quantity: z.number().int(),
});

/** The address as it was when the order was placed (a snapshot, without the default flag). */
export const OrderDeliverySchema = DeliveryAddressSchema.omit({ is_default: true });

export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  /** Goods at order prices. */
  total: z.number().int(),
  /** Promo discount (docs/product.md §13). */
  discount: z.number().int(),
  /** Bonuses paying for this order (held until paid, released if it lapses). */
  bonus_used: z.number().int(),
  /** `total − discount − bonus_used`: the amount of the payment. */
  to_pay: z.number().int(),
  items: z.array(OrderItemSchema),
  delivery: OrderDeliverySchema,
  /** The delivery price, dates and duty quoted when it was placed (docs/product.md §11.9); null without one. */
  delivery_quote: DeliveryQuoteSchema.nullable(),
  created_at: z.string(),
  /** When an awaiting-payment order lapses (placed + ORDER_TTL_MIN); null in any other status. */
  expires_at: z.string().nullable(),
  /** One order only (GET /order/{id}): each status it entered, with its date, oldest first. */
  timeline: z.array(z.object({ status: OrderStatusSchema, at: z.string() })).optional(),
  /** One order only: its parcels with their tracking links and carrier events. */
  shipments: z.array(ShipmentSchema).optional(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = resultOf(OrderSchema);

export const OrderPageSchema = z.object({
  orders: z.array(OrderSchema),
  page: z.number().int(),
  more: z.boolean(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;
export const OrderPageResponseSchema = resultOf(OrderPageSchema);

export const PaymentUrlResponseSchema = resultOf(z.object({ url: z.string(), transaction_guid: z.string() }));

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PaymentStatusQuerySchema = z.object({
  transaction_guid: z.uuid('Некорректный transaction_guid'),
});
export const PaymentStatusResponseSchema = resultOf(
  z.object({ status: PaymentStatusSchema, order_id: z.number().int() }),
);
