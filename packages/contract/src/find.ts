// Find by Poizon link, Poizon search and requests for a manual quote (docs/product.md §14): the
// calls under /api/v1/find and /api/v1/admin/find-requests, the request statuses, the console's
// price settings and the one price formula both sides show.
import { z } from 'zod';
import { DutySchema } from './delivery.ts';
import { HTTPS_ONLY_MESSAGE, HttpsUrlSchema, IdSchema, PastedLinkTextSchema, resultOf } from './common.ts';

export * from './poizon-query.ts';

export const UNRECOGNISED_QUERY_MESSAGE = 'Не удалось распознать ссылку или артикул';

// ---------------------------------------------------------------- price formula

/** The console's settings behind every rouble price of a Poizon item (docs/product.md §14.3). */
export const FindSettingsSchema = z.object({
  /** Roubles per yuan, before the markup. */
  cny_rub_rate: z.number().positive().max(1000),
  /** Markup on the rate, percent. */
  fx_markup_percent: z.number().min(0).max(100),
  /** Service fee, percent of the goods. */
  service_fee_percent: z.number().min(0).max(100),
  /** The service fee is at least this many roubles. */
  service_fee_min_rub: z.number().int().min(0).max(1_000_000),
  /** Delivery from China per started 500 g. */
  delivery_rub_per_500g: z.number().int().min(0).max(1_000_000),
});
export type FindSettings = z.infer<typeof FindSettingsSchema>;

export const DEFAULT_FIND_SETTINGS: FindSettings = {
  cny_rub_rate: 12,
  fx_markup_percent: 3,
  service_fee_percent: 10,
  service_fee_min_rub: 500,
  delivery_rub_per_500g: 500,
};

export const PriceBreakdownSchema = z.object({
  price_cny: z.number(),
  /** Roubles per yuan with the markup. */
  rate: z.number(),
  weight_kg: z.number(),
  goods_rub: z.number().int(),
  /** The service fee, including rounding the total up to 10 ₽. */
  service_rub: z.number().int(),
  delivery_rub: z.number().int(),
  total_rub: z.number().int(),
  /** Customs duty the shopper pays on receipt when the item is over the duty-free threshold (docs/product.md §11.9); not in the total. */
  duty: DutySchema.nullable().optional(),
});
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

/** Weights assumed for delivery when staff have not weighed the item (kg). */
export const DEFAULT_WEIGHT_KG = { sneakers: 1, clothing: 0.5, bag: 0.7, accessories: 0.2 } as const;

/**
 * The price of a Poizon item in whole roubles: goods = yuan × rate × (1 + markup); service fee =
 * max(fee % of goods, minimum); delivery per started 500 g; the sum rounded up to 10 ₽ once, at the
 * end. The parts add up to the total (the rounding goes to the service fee).
 */
export function computeFindPrice(priceCny: number, weightKg: number, s: FindSettings): PriceBreakdown {
  // Work in kopecks with the rate to 1/10 000 so that 699 ¥ × 12.36 is exact, not 8639.639999.
  const rate = Math.round(s.cny_rub_rate * (1 + s.fx_markup_percent / 100) * 10_000) / 10_000;
  const goodsKop = Math.round(priceCny * rate * 100);
  const serviceKop = Math.max(
    Math.round((goodsKop * s.service_fee_percent) / 100),
    s.service_fee_min_rub * 100,
  );
  const parcels = Math.max(1, Math.ceil(Math.round(weightKg * 1000) / 500));
  const deliveryRub = parcels * s.delivery_rub_per_500g;
  const total = Math.ceil((goodsKop + serviceKop + deliveryRub * 100) / 1000) * 10;
  const goodsRub = Math.round(goodsKop / 100);
  return {
    price_cny: priceCny,
    rate,
    weight_kg: weightKg,
    goods_rub: goodsRub,
    service_rub: total - goodsRub - deliveryRub,
    delivery_rub: deliveryRub,
    total_rub: total,
  };
}

/** How long a rouble price of a Poizon item or a quote holds. */
export const QUOTE_VALID_HOURS = 24;

// ---------------------------------------------------------------- Poizon items

/** A Poizon product number: digits, kept as text (they outgrow 32 bits). */
export const SpuIdSchema = z.string().regex(/^\d{5,12}$/, 'Неверный номер товара');

export const PoizonSizeSchema = z.object({
  size: z.string(),
  price_cny: z.number(),
  price_rub: z.number().int(),
  breakdown: PriceBreakdownSchema,
});
export type PoizonSize = z.infer<typeof PoizonSizeSchema>;

export const PoizonItemSchema = z.object({
  spu_id: z.string(),
  title: z.string(),
  brand: z.string(),
  article: z.string().nullable(),
  images: z.array(z.string()),
  category: z.enum(['sneakers', 'clothing', 'bag', 'accessories']),
  sizes: z.array(PoizonSizeSchema),
  price_from_rub: z.number().int(),
  price_from_cny: z.number(),
  /** Delivery time in days, «15–25». */
  delivery_days: z.string(),
  valid_until: z.string(),
});
export type PoizonItem = z.infer<typeof PoizonItemSchema>;

export const ResolveBodySchema = z.object({
  query: z.string().trim().min(1, UNRECOGNISED_QUERY_MESSAGE).max(4000),
});
export type ResolveBody = z.infer<typeof ResolveBodySchema>;

export const ManualParsedSchema = z.object({
  url: z.string().nullable(),
  spu_id: z.string().nullable(),
  article: z.string().nullable(),
});
export type ManualParsed = z.infer<typeof ManualParsedSchema>;

export const ResolveResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalog'), product_id: z.number().int() }),
  z.object({ kind: z.literal('poizon'), item: PoizonItemSchema }),
  z.object({ kind: z.literal('manual'), parsed: ManualParsedSchema }),
]);
export type ResolveResult = z.infer<typeof ResolveResultSchema>;
export const ResolveResponseSchema = resultOf(ResolveResultSchema);

export const PoizonItemParamsSchema = z.object({ spu_id: SpuIdSchema });
export const PoizonItemResponseSchema = resultOf(PoizonItemSchema);

export const PoizonSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Введите запрос').max(200),
  page: z.coerce.number().int().min(1).max(50).default(1),
});
export type PoizonSearchQuery = z.infer<typeof PoizonSearchQuerySchema>;

export const PoizonSearchItemSchema = z.object({
  spu_id: z.string(),
  title: z.string(),
  brand: z.string(),
  image: z.string().nullable(),
  price_from_rub: z.number().int(),
  price_from_cny: z.number(),
});
export type PoizonSearchItem = z.infer<typeof PoizonSearchItemSchema>;

export const PoizonSearchResultSchema = z.object({
  items: z.array(PoizonSearchItemSchema),
  page: z.number().int(),
  more: z.boolean(),
});
export type PoizonSearchResult = z.infer<typeof PoizonSearchResultSchema>;
export const PoizonSearchResponseSchema = resultOf(PoizonSearchResultSchema);

/** «В корзину» on a Poizon item: imports it as a hidden product and adds the size to the cart. */
export const PoizonCartBodySchema = z.object({ size: z.string().trim().min(1).max(40) });
export type PoizonCartBody = z.infer<typeof PoizonCartBodySchema>;

export const FindCartLineSchema = z.object({ product_id: z.number().int(), variant_id: z.number().int() });
export type FindCartLine = z.infer<typeof FindCartLineSchema>;
export const FindCartLineResponseSchema = resultOf(FindCartLineSchema);

// ---------------------------------------------------------------- requests

export const FIND_REQUEST_STATUSES = [
  'new',
  'in_progress',
  'quoted',
  'accepted',
  'declined',
  'rejected',
  'expired',
] as const;
export const FindRequestStatusSchema = z.enum(FIND_REQUEST_STATUSES);
export type FindRequestStatus = z.infer<typeof FindRequestStatusSchema>;

export const FIND_REQUEST_STATUS_RU: Readonly<Record<FindRequestStatus, string>> = {
  new: 'Новый',
  in_progress: 'Считаем стоимость',
  quoted: 'Цена готова',
  accepted: 'В корзине',
  declined: 'Отменён вами',
  rejected: 'Не можем выкупить',
  expired: 'Цена устарела',
};

/** Statuses staff can still quote from. */
export const QUOTABLE_FIND_STATUSES: readonly FindRequestStatus[] = ['new', 'in_progress', 'expired'];

export const FIND_SOURCES = ['link', 'search', 'photo'] as const;
export const FindSourceSchema = z.enum(FIND_SOURCES);

/** The Poizon offer «button»: blue fast delivery, black from a seller, grey «95» used. */
export const POIZON_BUTTONS = ['blue', 'black', 'grey95'] as const;
export const PoizonButtonSchema = z.enum(POIZON_BUTTONS);
export type PoizonButton = z.infer<typeof PoizonButtonSchema>;
export const POIZON_BUTTON_RU: Readonly<Record<PoizonButton, string>> = {
  blue: 'Бирюзовая — быстрая доставка',
  black: 'Чёрная — от продавца',
  grey95: 'Серая «95» — б/у',
};

export const REJECT_REASONS_RU = ['Нет в наличии', 'Запрещено к ввозу', 'Нет нужного размера'] as const;

// ---------------------------------------------------------------- screenshots

/**
 * A screenshot the shop stored for a request (`POST /find/uploads`): re-encoded JPEG under an
 * unguessable name. Requests accept only such addresses, never an outside picture.
 */
export const FIND_SCREENSHOT_URL = /^\/media\/find\/[a-f0-9]{32}\.jpg$/;
/** Stored screenshots are downsized to this many pixels on the longer side. */
export const FIND_SCREENSHOT_MAX_PX = 1600;
export const SCREENSHOT_GONE_MESSAGE = 'Скриншот не найден — прикрепите его снова';

export const FindUploadSchema = z.object({
  /** Give it to `POST /find/requests` as `image_url`. */
  image_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type FindUpload = z.infer<typeof FindUploadSchema>;
export const FindUploadResponseSchema = resultOf(FindUploadSchema);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const CreateFindRequestBodySchema = z
  .object({
    source: FindSourceSchema.default('link'),
    /** The pasted link or share text; a link is https only (javascript: and the like are a 400). */
    url: optionalText(2000).pipe(PastedLinkTextSchema.optional()),
    /** The search words or the article. */
    query: optionalText(200),
    spu_id: SpuIdSchema.optional(),
    size: optionalText(40),
    color: optionalText(80),
    price_cny: z.number().positive().max(1_000_000).optional(),
    button: PoizonButtonSchema.optional(),
    /** A screenshot uploaded earlier through `POST /find/uploads` (its `image_url`). */
    image_url: z.string().trim().regex(FIND_SCREENSHOT_URL, SCREENSHOT_GONE_MESSAGE).optional(),
    comment: optionalText(1000),
  })
  .refine((b) => b.url || b.query || b.spu_id || b.image_url, {
    message: 'Пришлите ссылку, артикул или скриншот',
    path: ['url'],
  });
export type CreateFindRequestBody = z.input<typeof CreateFindRequestBodySchema>;

export const FindRequestSchema = z.object({
  id: z.number().int(),
  source: FindSourceSchema,
  status: FindRequestStatusSchema,
  url: z.string().nullable(),
  query: z.string().nullable(),
  spu_id: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price_cny: z.number().nullable(),
  button: PoizonButtonSchema.nullable(),
  image_url: z.string().nullable(),
  comment: z.string().nullable(),
  quote_rub: z.number().int().nullable(),
  quote_breakdown: PriceBreakdownSchema.nullable(),
  quote_comment: z.string().nullable(),
  quote_valid_until: z.string().nullable(),
  /** The quote's title, picture and size for the cart line (null: the request's own). */
  quote_title: z.string().nullable(),
  quote_image_url: z.string().nullable(),
  quote_size: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** The hidden product and variant an accepted quote put in the cart. */
  product_id: z.number().int().nullable(),
  variant_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FindRequest = z.infer<typeof FindRequestSchema>;
export const FindRequestResponseSchema = resultOf(FindRequestSchema);

export const FindRequestListQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const FindRequestListSchema = z.object({
  items: z.array(FindRequestSchema),
  cursor: z.string().nullable(),
  more: z.boolean(),
});
export type FindRequestList = z.infer<typeof FindRequestListSchema>;
export const FindRequestListResponseSchema = resultOf(FindRequestListSchema);

export const FindRequestParamsSchema = z.object({ id: IdSchema });

export const AcceptFindRequestResponseSchema = resultOf(
  z.object({ request: FindRequestSchema, product_id: z.number().int(), variant_id: z.number().int() }),
);

// ---------------------------------------------------------------- console

export const AdminFindRequestSchema = FindRequestSchema.extend({
  user: z.object({
    id: z.number().int(),
    telegram_id: z.number().int(),
    first_name: z.string(),
    username: z.string().nullable(),
  }),
});
export type AdminFindRequest = z.infer<typeof AdminFindRequestSchema>;

export const AdminFindRequestsQuerySchema = z.object({
  /** Comma list of statuses; empty means all. */
  status: z
    .string()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(FindRequestStatusSchema, { error: 'Неизвестный статус' }))
    .optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminFindRequestsQuery = z.infer<typeof AdminFindRequestsQuerySchema>;

export const AdminFindRequestListSchema = z.object({
  items: z.array(AdminFindRequestSchema),
  cursor: z.string().nullable(),
  more: z.boolean(),
  counts: z.record(FindRequestStatusSchema, z.number().int()),
});
export type AdminFindRequestList = z.infer<typeof AdminFindRequestListSchema>;
export const AdminFindRequestListResponseSchema = resultOf(AdminFindRequestListSchema);
export const AdminFindRequestResponseSchema = resultOf(AdminFindRequestSchema);

export const QuoteFindRequestBodySchema = z.object({
  price_cny: z.number().positive().max(1_000_000),
  weight_kg: z.number().positive().max(100),
  comment: z.string().trim().max(1000).optional(),
  /**
   * What the shopper's cart line and order will say: the item's title, picture (the shopper's
   * screenshot or an https link) and size. The console prefills them from the request; left out,
   * the request's own words, screenshot and size are used.
   */
  title: z.string().trim().min(1, 'Название не может быть пустым').max(200).optional(),
  image_url: z
    .union([z.string().trim().regex(FIND_SCREENSHOT_URL), HttpsUrlSchema], {
      error: HTTPS_ONLY_MESSAGE,
    })
    .optional(),
  size: z.string().trim().min(1).max(40).optional(),
});
export type QuoteFindRequestBody = z.infer<typeof QuoteFindRequestBodySchema>;

export const RejectFindRequestBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type RejectFindRequestBody = z.infer<typeof RejectFindRequestBodySchema>;

export const FindSettingsResponseSchema = resultOf(FindSettingsSchema);
