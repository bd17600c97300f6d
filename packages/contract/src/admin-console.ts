// The console's views of a growing shop (docs/product.md §12.6, issue 28): the sales dashboard, the
// customers, the Poizon purchase list. Money is integer roubles; days are the shop's time zone.
import { z } from 'zod';
import { IdSchema, resultOf } from './common.ts';
import { OrderStatusSchema } from './orders.ts';
import { IsoDateSchema } from './passport.ts';

// ---------------------------------------------------------------- dashboard

/** The longest range the dashboard answers in one call. */
export const STATS_MAX_DAYS = 366;

export const AdminStatsQuerySchema = z
  .object({
    /** First day, inclusive, in the shop's time zone. */
    from: IsoDateSchema,
    /** Last day, inclusive, in the shop's time zone. */
    to: IsoDateSchema,
  })
  .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
    message: `Период длиннее ${STATS_MAX_DAYS} дней`,
    path: ['to'],
  });
export type AdminStatsQuery = z.infer<typeof AdminStatsQuerySchema>;

export const StatsDaySchema = z.object({
  /** YYYY-MM-DD in the shop's time zone. */
  day: z.string(),
  revenue: z.number().int(),
  orders: z.number().int(),
  placed: z.number().int(),
});
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const StatsTopSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  revenue: z.number().int(),
});
export type StatsTop = z.infer<typeof StatsTopSchema>;

/** The work waiting now (not bound to the range). */
export const StatsWaitingSchema = z.object({
  /** Paid orders whose goods are not yet bought on Poizon. */
  to_buy: z.number().int(),
  /** Orders on their way to the shopper (bought, not yet delivered). */
  to_ship: z.number().int(),
  /** «Нужен возврат»: canceled after payment, money not yet returned. */
  needs_refund: z.number().int(),
  /** Find requests waiting for a quote. */
  find_requests: z.number().int(),
  /** Blogger payouts requested and not yet paid. */
  payouts: z.number().int(),
});
export type StatsWaiting = z.infer<typeof StatsWaitingSchema>;

export const AdminStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** Money paid by the orders paid in the range. */
  revenue: z.number().int(),
  /** Orders paid in the range. */
  orders: z.number().int(),
  /** Orders placed in the range. */
  placed: z.number().int(),
  /** Share of the orders placed in the range that are paid (0…1). */
  conversion: z.number().min(0).max(1),
  /** revenue / orders, rounded; 0 without orders. */
  average: z.number().int(),
  /** Money returned by refunds that succeeded in the range. */
  refunds: z.number().int(),
  by_day: z.array(StatsDaySchema),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const AdminStatsResponseSchema = resultOf(AdminStatsSchema);

/** `GET /admin/stats/top`: what sold best among the orders paid in the range (by money). */
export const AdminStatsTopSchema = z.object({
  top_products: z.array(StatsTopSchema),
  top_categories: z.array(StatsTopSchema),
});
export type AdminStatsTop = z.infer<typeof AdminStatsTopSchema>;
export const AdminStatsTopResponseSchema = resultOf(AdminStatsTopSchema);

export const AdminStatsWaitingResponseSchema = resultOf(StatsWaitingSchema);

// ---------------------------------------------------------------- customers

export const AdminCustomersQuerySchema = z.object({
  /** Name, phone or @username. */
  q: z.string().trim().max(100).optional(),
  /** Customers after this user id (newest first). */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuerySchema>;

export const AdminCustomerRowSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  /** From the last order's delivery, else the default address. */
  phone_number: z.string().nullable(),
  orders: z.number().int(),
  /** Succeeded payments less succeeded refunds. */
  paid_total: z.number().int(),
  last_order_at: z.string().nullable(),
  bonus_balance: z.number().int(),
  /** Who invited them (user id and name), when someone did. */
  referred_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The blogger whose link or code brought them. */
  blogger: z.string().nullable(),
  /** The bot may write to them (`users.bot_may_write`): else reminders and news do not reach them. */
  bot_may_write: z.boolean(),
  created_at: z.string(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRowSchema>;

export const AdminCustomerListSchema = z.object({
  customers: z.array(AdminCustomerRowSchema),
  cursor: z.number().int().nullable(),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerListSchema>;
export const AdminCustomerListResponseSchema = resultOf(AdminCustomerListSchema);

export const AdminCustomerParamsSchema = z.object({ id: IdSchema });

export const AdminCustomerSchema = AdminCustomerRowSchema.extend({
  orders_list: z.array(
    z.object({
      id: z.number().int(),
      status: OrderStatusSchema,
      total: z.number().int(),
      paid: z.number().int(),
      refunded: z.number().int(),
      items_count: z.number().int(),
      created_at: z.string(),
    }),
  ),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      city: z.string(),
      address: z.string(),
      recipient: z.string(),
      phone_number: z.string(),
      is_default: z.boolean(),
    }),
  ),
  messages: z.array(
    z.object({
      order_id: z.number().int().nullable(),
      text: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  notes: z.array(z.object({ order_id: z.number().int(), text: z.string(), created_at: z.string() })),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;
export const AdminCustomerResponseSchema = resultOf(AdminCustomerSchema);

// ---------------------------------------------------------------- the Poizon purchase list

export const PurchaseLineSchema = z.object({
  /** The order line's id: what «bought» marks. */
  id: z.number().int(),
  order_id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  variant_title: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  /** The product's page on Poizon, when its SPU is known. */
  poizon_url: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type PurchaseLine = z.infer<typeof PurchaseLineSchema>;

/** Lines of one product, size and colour together. */
export const PurchaseGroupSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  variant_title: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  poizon_url: z.string().nullable(),
  quantity: z.number().int(),
  lines: z.array(PurchaseLineSchema),
});
export type PurchaseGroup = z.infer<typeof PurchaseGroupSchema>;

export const PurchaseListSchema = z.object({
  groups: z.array(PurchaseGroupSchema),
  lines: z.number().int(),
  units: z.number().int(),
});
export type PurchaseList = z.infer<typeof PurchaseListSchema>;
export const PurchaseListResponseSchema = resultOf(PurchaseListSchema);

export const PurchaseBoughtBodySchema = z.object({
  line_ids: z.array(IdSchema).min(1).max(500),
});
export type PurchaseBoughtBody = z.infer<typeof PurchaseBoughtBodySchema>;

export const PurchaseBoughtSchema = z.object({
  /** Lines marked now (a line marked before is not counted again). */
  marked: z.number().int(),
  /** Orders all of whose lines are now bought: moved to «Выкупаем товар». */
  moved_orders: z.array(z.number().int()),
});
export type PurchaseBought = z.infer<typeof PurchaseBoughtSchema>;
export const PurchaseBoughtResponseSchema = resultOf(PurchaseBoughtSchema);

// ---------------------------------------------------------------- inventory

export const AdminInventoryQuerySchema = z.object({
  /** `1`: only the variants with «мало» stock (under the LOW_STOCK_THRESHOLD setting). */
  low: z.enum(['0', '1']).optional(),
  /** Product title or SKU. */
  q: z.string().trim().max(100).optional(),
  /** Variants after this id. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminInventoryQuery = z.infer<typeof AdminInventoryQuerySchema>;

export const InventoryRowSchema = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  variant_title: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number().int(),
  /** Units on sale now (placing an order takes them). */
  stock: z.number().int(),
  /** Units held by orders awaiting payment (back on sale if they lapse). */
  reserved: z.number().int(),
  /** Units in orders paid in the last 30 days. */
  sold_30d: z.number().int(),
  /** Stock under the threshold. */
  low: z.boolean(),
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;

export const InventoryListSchema = z.object({
  threshold: z.number().int(),
  rows: z.array(InventoryRowSchema),
  cursor: z.number().int().nullable(),
});
export type InventoryList = z.infer<typeof InventoryListSchema>;
export const InventoryListResponseSchema = resultOf(InventoryListSchema);

export const StockDeltaBodySchema = z.object({
  /** Units to add (positive) or take away (negative). */
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((d) => d !== 0, 'Изменение не может быть нулевым'),
  reason: z.string().trim().max(200).optional(),
});
export type StockDeltaBody = z.infer<typeof StockDeltaBodySchema>;
export const StockDeltaResponseSchema = resultOf(InventoryRowSchema);

// ---------------------------------------------------------------- products made in the console

export const AdminProductCreateVariantSchema = z.object({
  sku: z.string().trim().min(1, 'Укажите артикул').max(100),
  price: z.number().int().min(0, 'Цена не может быть отрицательной').max(10_000_000),
  qty: z.number().int().min(0, 'Остаток не может быть отрицательным').max(1_000_000),
  color: z.string().trim().max(60).optional(),
  size: z.string().trim().max(30).optional(),
});

/** `GET /admin/brands`: the shop's brands for the product form's picker, searched as typed. */
export const AdminBrandsQuerySchema = z.object({
  /** Part of the name or of another spelling («найк»); none: the most popular. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type AdminBrandsQuery = z.infer<typeof AdminBrandsQuerySchema>;
export const AdminBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Products of the brand (published or not). */
  products: z.number().int(),
});
export type AdminBrand = z.infer<typeof AdminBrandSchema>;
export const AdminBrandListResponseSchema = resultOf(z.object({ brands: z.array(AdminBrandSchema) }));

export const AdminProductCreateBodySchema = z
  .object({
    title: z.string().trim().min(1, 'Укажите название').max(300),
    description: z.string().max(100_000).default(''),
    /** An existing brand's id, or none. */
    brand_id: IdSchema.optional(),
    /** A brand typed in the form that the shop does not have yet: made with the product. */
    brand_name: z
      .string()
      .trim()
      .min(1, 'Укажите бренд')
      .max(100, 'Название бренда длиннее 100 символов')
      .optional(),
    /** 1–20 existing categories (their ancestors are added). */
    category_ids: z.array(IdSchema).min(1, 'Выберите категорию').max(20),
    fit_people: z.enum(['men', 'women', 'kids', 'unisex']).default('unisex'),
    /** Shown to shoppers at once; otherwise hidden until published (PATCH /admin/products/{id}). */
    is_published: z.boolean().default(false),
    variants: z
      .array(AdminProductCreateVariantSchema)
      .min(1, 'Нужен хотя бы один вариант')
      .max(200)
      .refine((vs) => new Set(vs.map((v) => v.sku)).size === vs.length, 'Артикулы вариантов повторяются'),
  })
  .refine((b) => b.brand_id === undefined || b.brand_name === undefined, {
    message: 'Бренд выбран из списка и введён новый: оставьте один',
    path: ['brand_name'],
  });
export type AdminProductCreateBody = z.infer<typeof AdminProductCreateBodySchema>;

export const AdminCreatedProductSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  /** The brand's name, or null. */
  brand: z.string().nullable(),
  is_published: z.boolean(),
  /** Picture paths (`/media/products/…`) in their order; the first is the card picture. */
  images: z.array(z.string()),
  variants: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      price: z.number().int(),
      qty: z.number().int(),
      color: z.string().nullable(),
      size: z.string().nullable(),
    }),
  ),
});
export type AdminCreatedProduct = z.infer<typeof AdminCreatedProductSchema>;
export const AdminCreatedProductResponseSchema = resultOf(AdminCreatedProductSchema);

/** `PUT /admin/products/{id}/pictures`: the product's pictures in their new order (all of them). */
export const AdminPicturesOrderBodySchema = z.object({ images: z.array(z.string().max(500)).min(1).max(50) });
export type AdminPicturesOrderBody = z.infer<typeof AdminPicturesOrderBodySchema>;
