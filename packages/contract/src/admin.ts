// The staff console's API under /api/v1/admin (docs/product.md §12.1, §12.3): roles and what each
// may do, and every request and answer of the admin routes. Over 300 lines on purpose: every admin
// route's schemas in one place, the console's one contract.
import { z } from 'zod';
import { IdSchema, resultOf } from './common.ts';
import { OrderSchema, OrderStatusSchema, ORDER_STATUSES, PAYMENT_STATUSES } from './orders.ts';
import type { OrderStatus } from './orders.ts';
import { IsoDateSchema, PassportQuerySchema, PassportResponseSchema } from './passport.ts';

// ---------------------------------------------------------------- roles

export const STAFF_ROLES = ['owner', 'manager', 'moderator', 'viewer'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * What a staff member may do, one column of the table in docs/product.md §12.1 each:
 * `read` everything; `operate` order statuses, notes, tracking and the catalogue; `quotes` answer
 * find requests; `bloggers` applications and payouts; `own` refunds, mark paid, cancel a paid
 * order, staff and settings.
 */
export const STAFF_PERMISSIONS = ['read', 'operate', 'quotes', 'bloggers', 'own'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: ['read', 'operate', 'quotes', 'bloggers', 'own'],
  manager: ['read', 'operate', 'quotes'],
  moderator: ['read', 'quotes', 'bloggers'],
  viewer: ['read'],
};

export const roleCan = (role: StaffRole, permission: StaffPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/**
 * Whether moving an order from `from` to `to` needs an owner rather than anyone who operates
 * orders: marking an unpaid order paid, and canceling an order that was paid.
 */
export const transitionNeedsOwner = (from: OrderStatus, to: OrderStatus): boolean =>
  to === 'paid' || (to === 'canceled' && from !== 'awaiting_payment');

// ---------------------------------------------------------------- me

// ---------------------------------------------------------------- staff alerts (§12.4)

/** What a staff member may choose to hear of from the bot, in their own chat (DESIGN §7.6). */
export const STAFF_ALERTS = [
  'paid_order',
  'find_request',
  'blogger_application',
  'payout_request',
  'needs_refund',
  'out_of_stock',
  'dead_message',
] as const;
export type StaffAlert = (typeof STAFF_ALERTS)[number];
/** Without a choice of their own: owners hear of money owed back and of undelivered messages. */
export const DEFAULT_OWNER_ALERTS: readonly StaffAlert[] = ['needs_refund', 'dead_message'];
export const StaffAlertsSchema = z.object({
  paid_order: z.boolean(),
  find_request: z.boolean(),
  blogger_application: z.boolean(),
  payout_request: z.boolean(),
  needs_refund: z.boolean(),
  out_of_stock: z.boolean(),
  dead_message: z.boolean(),
});
export type StaffAlerts = z.infer<typeof StaffAlertsSchema>;
export const StaffAlertsResponseSchema = resultOf(StaffAlertsSchema);

export const AdminMeSchema = z.object({ telegram_id: z.number().int(), role: StaffRoleSchema });
export type AdminMe = z.infer<typeof AdminMeSchema>;
export const AdminMeResponseSchema = resultOf(AdminMeSchema);

// ---------------------------------------------------------------- orders list

/**
 * The console's order tabs: every order status, plus «Нужен возврат» — orders canceled while a
 * payment for them succeeded (paid after the lapse), which wait for a refund.
 */
export const NEEDS_REFUND_TAB = 'needs_refund' as const;
export const ADMIN_ORDER_TABS = [...ORDER_STATUSES, NEEDS_REFUND_TAB] as const;
export const AdminOrderTabSchema = z.enum(ADMIN_ORDER_TABS);
export type AdminOrderTab = z.infer<typeof AdminOrderTabSchema>;

/** A comma list of tabs (`status=paid,purchasing`); empty means all. */
const TabListSchema = z
  .string()
  .max(300)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(AdminOrderTabSchema, { error: 'Неизвестный статус' }).max(ADMIN_ORDER_TABS.length));

/**
 * Sorts of the console's order list: newest or oldest first, total high or low, and the last
 * changed first (status, tracking, any write moves `updated_at`).
 */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'updated'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const AdminOrdersQuerySchema = z.object({
  status: TabListSchema.optional(),
  /** Order number, name or full name (either way round), phone, @username or a product in the order. */
  q: z.string().trim().max(100).optional(),
  /** Created on or after this day (the shop's time zone, SHOP_TIME_ZONE). */
  from: IsoDateSchema.optional(),
  /** Created on or before this day (the shop's time zone). */
  to: IsoDateSchema.optional(),
  /** The order of the list (keyset paged in it; a cursor of one sort is a 400 under another). */
  sort: z.enum(ADMIN_ORDER_SORTS, { error: 'Неизвестная сортировка' }).default('newest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** The filter part of the list's query (no cursor or limit): what a saved filter keeps. */
export const AdminOrderFilterQuerySchema = AdminOrdersQuerySchema.omit({
  cursor: true,
  limit: true,
}).strict();

/** The console's page sizes of the orders list (the API takes any limit up to 200). */
export const ADMIN_ORDER_PAGE_SIZES = [25, 50, 100] as const;

/**
 * `GET /admin/badges`: the counters of the console's navigation — «Заказы» shows the orders that
 * wait for a refund («Нужен возврат»).
 */
export const AdminBadgesSchema = z.object({ needs_refund: z.number().int() });
export type AdminBadges = z.infer<typeof AdminBadgesSchema>;
export const AdminBadgesResponseSchema = resultOf(AdminBadgesSchema);

// ---------------------------------------------------------------- saved order filters

/**
 * A staff member's saved filter of the orders list (kept on the server, per staff member, so it
 * follows them from the phone to the desktop): a name and the list's query string (statuses,
 * search, dates, sort), as the console's address carries it.
 */
export const AdminOrderViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  created_at: z.string(),
});
export type AdminOrderView = z.infer<typeof AdminOrderViewSchema>;
/** At most so many saved filters per staff member. */
export const MAX_ORDER_VIEWS = 20;
export const AdminOrderViewBodySchema = z.object({
  name: z.string().trim().min(1, 'Назовите фильтр').max(40, 'Название — не длиннее 40 символов'),
  /** `status=paid&q=…&from=…&to=…&sort=…` (without `?`); checked against the list's query. */
  query: z.string().trim().max(500),
});
export type AdminOrderViewBody = z.infer<typeof AdminOrderViewBodySchema>;
export const AdminOrderViewParamsSchema = z.object({ id: IdSchema });
export const AdminOrderViewResponseSchema = resultOf(AdminOrderViewSchema);
export const AdminOrderViewListResponseSchema = resultOf(z.array(AdminOrderViewSchema));
export const AdminOrderViewRemovedResponseSchema = resultOf(z.object({ id: z.number().int() }));

export const AdminOrderUserSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  /** The bot could not reach this shopper (blocked the bot or never opened it). */
  unreachable: z.boolean(),
});
export type AdminOrderUser = z.infer<typeof AdminOrderUserSchema>;

export const AdminOrderRowSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  total: z.number().int(),
  items_count: z.number().int(),
  user: AdminOrderUserSchema,
  /** Recipient and phone from the delivery snapshot. */
  recipient: z.string(),
  phone_number: z.string(),
  city: z.string(),
  tracking_number: z.string().nullable(),
  needs_refund: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderCountsSchema = z.record(AdminOrderTabSchema, z.number().int());
export type AdminOrderCounts = z.infer<typeof AdminOrderCountsSchema>;

export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  cursor: z.string().nullable(),
  more: z.boolean(),
  /** Orders per tab under the same `q`, `from` and `to` (not narrowed by `status`). */
  counts: AdminOrderCountsSchema,
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;
export const AdminOrderListResponseSchema = resultOf(AdminOrderListSchema);

// ---------------------------------------------------------------- order card

/** Who did something in the console; null when the shop itself did it (payment, lapse). */
export const AdminActorSchema = z
  .object({ telegram_id: z.number().int(), name: z.string().nullable() })
  .nullable();
export type AdminActor = z.infer<typeof AdminActorSchema>;

export const AdminStatusHistoryEntrySchema = z.object({
  status: OrderStatusSchema,
  actor: AdminActorSchema,
  comment: z.string().nullable(),
  created_at: z.string(),
});

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  transaction_guid: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

export const AdminRefundSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  payment_id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: RefundStatusSchema,
  provider_refund_id: z.string().nullable(),
  actor: AdminActorSchema,
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;
export const AdminRefundResponseSchema = resultOf(AdminRefundSchema);

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'retry', 'dead', 'skipped', 'held'] as const;
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const AdminNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: NotificationStatusSchema,
  text: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminNotification = z.infer<typeof AdminNotificationSchema>;
/** `POST /admin/notifications/{id}/resend` (the order card's resend): a new message, same text. */
export const AdminNotificationParamsSchema = z.object({ id: IdSchema });
export const AdminNotificationResponseSchema = resultOf(AdminNotificationSchema);

export const AdminNoteSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  text: z.string(),
  author: AdminActorSchema,
  created_at: z.string(),
});
export type AdminNote = z.infer<typeof AdminNoteSchema>;
export const AdminNoteResponseSchema = resultOf(AdminNoteSchema);

export const AdminOrderSchema = OrderSchema.extend({
  user: AdminOrderUserSchema,
  tracking_number: z.string().nullable(),
  needs_refund: z.boolean(),
  /** Sum of succeeded payments and of succeeded refunds, in roubles. */
  paid_amount: z.number().int(),
  refunded_amount: z.number().int(),
  updated_at: z.string(),
  history: z.array(AdminStatusHistoryEntrySchema),
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  notifications: z.array(AdminNotificationSchema),
  notes: z.array(AdminNoteSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderResponseSchema = resultOf(AdminOrderSchema);

/**
 * `GET /admin/orders/{id}/passport`: the order's shopper's passport data for a customs
 * declaration, masked; `?reveal=1` (owners only, each reveal audit-logged) answers it in full.
 * `result` is null when the shopper has saved none.
 */
export const AdminPassportQuerySchema = PassportQuerySchema;
export const AdminPassportResponseSchema = PassportResponseSchema;

// ---------------------------------------------------------------- order writes

export const AdminOrderParamsSchema = z.object({ id: IdSchema });

export const AdminStatusBodySchema = z.object({
  status: OrderStatusSchema,
  comment: z.string().trim().max(1000).optional(),
  /** Send the shopper the status message (default yes). */
  notify: z.boolean().default(true),
  tracking_number: z.string().trim().min(1).max(100).optional(),
});
export type AdminStatusBody = z.infer<typeof AdminStatusBodySchema>;

/**
 * `POST /admin/orders/{id}/restore` (owner): «Нужен возврат», second action — an order canceled
 * while its payment succeeded goes back to `paid` when its stock can be taken again (409
 * `out_of_stock` otherwise, 409 `invalid_transition` when it does not wait for a refund).
 */
export const AdminRestoreBodySchema = z.object({
  comment: z.string().trim().max(1000).optional(),
});
export type AdminRestoreBody = z.infer<typeof AdminRestoreBodySchema>;

export const AdminNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'Пустая заметка').max(4000, 'Слишком длинная заметка'),
});
export type AdminNoteBody = z.infer<typeof AdminNoteBodySchema>;

export const AdminRefundBodySchema = z.object({
  /** Roubles; the whole paid amount not yet refunded when absent. */
  amount: z.number().int().positive().max(100_000_000).optional(),
  reason: z.string().trim().min(1, 'Укажите причину возврата').max(500),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBodySchema>;

// ---------------------------------------------------------------- catalogue

export const AdminProductParamsSchema = z.object({ id: IdSchema });

export const AdminProductPatchBodySchema = z
  .object({
    title: z.string().trim().min(1).max(300).optional(),
    description: z.string().max(100_000).optional(),
    is_published: z.boolean().optional(),
    /** Another of the shop's brands, or null: none. */
    brand_id: IdSchema.nullable().optional(),
    /** A brand typed in the form that the shop does not have yet: made with the change. */
    brand_name: z
      .string()
      .trim()
      .min(1, 'Укажите бренд')
      .max(100, 'Название бренда длиннее 100 символов')
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Нечего менять')
  .refine((v) => v.brand_id === undefined || v.brand_name === undefined, {
    message: 'Бренд выбран из списка и введён новый: оставьте один',
    path: ['brand_name'],
  });
export type AdminProductPatchBody = z.infer<typeof AdminProductPatchBodySchema>;

/** A product's brand as the console shows it; null: none. */
export const AdminProductBrandSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const AdminProductSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  description: z.string(),
  is_published: z.boolean(),
  brand: AdminProductBrandSchema,
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductResponseSchema = resultOf(AdminProductSchema);

/** The lowest price a variant may have (1 ₽): a price of 0 is a typo that shoppers would pay. */
export const MIN_VARIANT_PRICE = 1;
/** A price drop of more than this share asks for confirmation in the console. */
export const PRICE_DROP_CONFIRM_SHARE = 0.3;

/**
 * A variant's edit (DESIGN §7.6): `price` alone never touches stock; stock changes by `qty_delta`
 * («+5», «−2») or is set to `qty` together with the `version` the editor read (409 `stale` when
 * the stock moved since).
 */
export const AdminVariantPatchBodySchema = z
  .object({
    price: z
      .number()
      .int('Цена — целое число рублей')
      .min(MIN_VARIANT_PRICE, 'Цена не может быть меньше 1 ₽')
      .max(100_000_000, 'Слишком большая цена')
      .optional(),
    qty_delta: z
      .number()
      .int('Изменение остатка — целое число')
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, 'Изменение остатка не может быть нулевым')
      .optional(),
    qty: z
      .number()
      .int('Остаток — целое число')
      .min(0, 'Остаток не может быть отрицательным')
      .max(1_000_000)
      .optional(),
    version: z.number().int().min(0).optional(),
  })
  .refine((v) => v.price !== undefined || v.qty !== undefined || v.qty_delta !== undefined, 'Нечего менять')
  .refine((v) => v.qty === undefined || v.version !== undefined, {
    message: 'Остаток задаётся вместе с версией, с которой он был прочитан',
    path: ['version'],
  })
  .refine((v) => v.qty === undefined || v.qty_delta === undefined, {
    message: 'Либо новый остаток, либо изменение, но не оба',
    path: ['qty_delta'],
  });
export type AdminVariantPatchBody = z.infer<typeof AdminVariantPatchBodySchema>;

export const AdminVariantSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  qty: z.number().int(),
  /** The stock's version: one more on every change of `qty`; send it back with a `qty` set. */
  version: z.number().int(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;
export const AdminVariantResponseSchema = resultOf(AdminVariantSchema);

/** A product with its variants as staff see it, published or hidden (GET /admin/products/{id}). */
export const AdminProductDetailSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  description: z.string(),
  is_published: z.boolean(),
  brand: AdminProductBrandSchema,
  image: z.string().nullable(),
  variants: z.array(AdminVariantSchema),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;
export const AdminProductDetailResponseSchema = resultOf(AdminProductDetailSchema);

export const AdminProductsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** `1`: hidden products only («Скрытые»); `0`: published only; absent: both. */
  hidden: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;
export const AdminProductListItemSchema = z.object({
  id: z.number().int(),
  spu: z.string(),
  title: z.string(),
  is_published: z.boolean(),
  image: z.string().nullable(),
  min_price: z.number().int().nullable(),
  qty: z.number().int(),
});
export type AdminProductListItem = z.infer<typeof AdminProductListItemSchema>;
export const AdminProductListResponseSchema = resultOf(
  z.object({ products: z.array(AdminProductListItemSchema) }),
);

export const AdminImportQuerySchema = z.object({
  dry_run: z.enum(['0', '1']).default('0'),
});

/** The files the import reads: JSON (docs/catalog-import.md), or a table of one variant a row. */
export const IMPORT_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export const AdminImportTemplateQuerySchema = z.object({
  format: z.enum(IMPORT_TEMPLATE_FORMATS, { error: 'Шаблон бывает csv или xlsx' }).default('xlsx'),
});

export const AdminImportErrorSchema = z.object({
  /** Path in the file, e.g. `products[3].variants[0].price`. */
  path: z.string(),
  /** Where, in Russian: «Строка 5» of a table, «Товар 4, вариант 1» of a JSON file, or null for the whole file. */
  row: z.string().nullable().default(null),
  /** Which field, in Russian: the table's column («Цена, ₽») or the field's name («цена»); null for a whole row. */
  field: z.string().nullable().default(null),
  message: z.string(),
});
export type AdminImportError = z.infer<typeof AdminImportErrorSchema>;

/** One thing an import would create, change or delete, named, with before → after (DESIGN §7.6). */
export const AdminImportChangeSchema = z.object({
  entity: z.enum(['product', 'variant', 'category', 'brand']),
  action: z.enum(['create', 'update', 'delete']),
  /** «Кроссовки Nike Air · 42», «Обувь», a brand's name. */
  name: z.string(),
  /** What changes, in Russian: «название «Обувь» → «Обувь (тест)»», «цена 4 490 ₽ → 3 990 ₽». */
  detail: z.string().nullable(),
});
export type AdminImportChange = z.infer<typeof AdminImportChangeSchema>;

export const AdminImportResultSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(AdminImportErrorSchema),
  /** Everything the file would create, change or delete (at most 2 000 listed; `changes_more` the rest). */
  changes: z.array(AdminImportChangeSchema).default([]),
  changes_more: z.number().int().default(0),
});
export type AdminImportResult = z.infer<typeof AdminImportResultSchema>;
export const AdminImportResultResponseSchema = resultOf(AdminImportResultSchema);

/** An applied import runs as a job: `POST /admin/catalog/import` answers its id at once. */
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

export const AdminImportJobSchema = z.object({
  id: z.number().int(),
  status: ImportJobStatusSchema,
  /** Products in the file and how many are written so far. */
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Row errors of the file (then nothing is applied) or the reason the job failed. */
  errors: z.array(AdminImportErrorSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AdminImportJob = z.infer<typeof AdminImportJobSchema>;
export const AdminImportJobResponseSchema = resultOf(AdminImportJobSchema);
export const AdminImportJobParamsSchema = z.object({ job_id: IdSchema });

// ---------------------------------------------------------------- staff

export const TelegramIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AdminStaffParamsSchema = z.object({ telegram_id: TelegramIdSchema });

export const AdminStaffBodySchema = z.object({
  telegram_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  role: StaffRoleSchema,
});
export type AdminStaffBody = z.infer<typeof AdminStaffBodySchema>;

export const AdminStaffMemberSchema = z.object({
  telegram_id: z.number().int(),
  role: StaffRoleSchema,
  /** The Telegram name when this person has opened the shop. */
  name: z.string().nullable(),
  username: z.string().nullable(),
  /** Owners named by ADMIN_TELEGRAM_IDS cannot be removed in the console. */
  from_env: z.boolean(),
  created_at: z.string(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMemberSchema>;
export const AdminStaffMemberResponseSchema = resultOf(AdminStaffMemberSchema);
export const AdminStaffListResponseSchema = resultOf(z.array(AdminStaffMemberSchema));

// ---------------------------------------------------------------- audit

/**
 * The audit log's filters: who (`actor`, a staff member's Telegram id), what (`action`, one kind such
 * as `order.refund`, or a family such as `order`), when (`from`, `to`: days in the shop's time zone)
 * and on what (`entity` with an optional `entity_id`, e.g. `order` № 12).
 */
export const AdminAuditQuerySchema = z.object({
  actor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'Неизвестное действие')
    .max(60)
    .optional(),
  entity: z
    .string()
    .trim()
    .regex(/^[a-z_]+$/, 'Неизвестный объект')
    .max(40)
    .optional(),
  entity_id: z.string().trim().min(1).max(100).optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  actor: AdminActorSchema,
  /** What was done, e.g. `order.status`, `order.refund`, `staff.add`, `product.update`. */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** The change in one Russian sentence (entries written before it existed have none). */
  summary: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditPageSchema = z.object({
  entries: z.array(AdminAuditEntrySchema),
  cursor: z.string().nullable(),
  more: z.boolean(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;
export const AdminAuditPageResponseSchema = resultOf(AdminAuditPageSchema);
/** `GET /admin/audit/actors`: everyone who has an entry in the log, for the «Кто» filter. */
export const AdminAuditActorsResponseSchema = resultOf(
  z.array(z.object({ telegram_id: z.number().int(), name: z.string().nullable() })),
);
