// Saved delivery addresses (the spec's delivery draft plus a default flag).
import { z } from 'zod';
import { BodyIdSchema, LineQuantitySchema } from './commerce-common.ts';
import { resultOf } from './common.ts';

const text = (max: number, what: string) =>
  z.string().trim().min(1, `Укажите ${what}`).max(max, `Слишком длинное значение: ${what}`);

/** A Russian mobile or landline number; normalised to +7XXXXXXXXXX. */
export const RussianPhoneSchema = z
  .string()
  .max(32)
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .refine((v) => /^(\+7|8|7)\d{10}$/.test(v), 'Введите российский номер телефона: +7 XXX XXX-XX-XX')
  .transform((v) => `+7${v.slice(-10)}`);

export const DELIVERY_KINDS = ['courier', 'pickup'] as const;
export const DeliveryKindSchema = z.enum(DELIVERY_KINDS);
export type DeliveryKind = z.infer<typeof DeliveryKindSchema>;

/** A carrier's city code (CDEK `code`: 44 is Moscow). */
export const CityCodeSchema = z.coerce.number().int().positive('Выберите город').max(2_147_483_647);
/** A pickup point's code (CDEK `MSK27`). */
export const PointCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Выберите пункт выдачи');

/**
 * A saved delivery: a courier address (`kind: courier`, the default, as before pickup points), or
 * a pickup point (`kind: pickup` with `city_code` and `point_code`; the API takes the point's
 * address and hours from the carrier, so `address` may be left out).
 */
export const DeliveryBodySchema = z
  .object({
    kind: DeliveryKindSchema.default('courier'),
    city: text(100, 'город'),
    city_code: CityCodeSchema.optional(),
    address: z.string().trim().max(300, 'Слишком длинное значение: адрес').default(''),
    point_code: PointCodeSchema.optional(),
    fio: text(150, 'имя'),
    last_name: text(100, 'фамилию'),
    phone_number: RussianPhoneSchema,
    is_default: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'courier' && !v.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Укажите адрес' });
    if (v.kind === 'pickup' && !v.point_code)
      ctx.addIssue({ code: 'custom', path: ['point_code'], message: 'Выберите пункт выдачи' });
    if (v.kind === 'pickup' && !v.city_code)
      ctx.addIssue({ code: 'custom', path: ['city_code'], message: 'Выберите город' });
  });
export type DeliveryBody = z.infer<typeof DeliveryBodySchema>;

export const DeliveryAddressSchema = z.object({
  id: z.number().int(),
  kind: DeliveryKindSchema,
  city: z.string(),
  city_code: z.number().int().nullable(),
  /** The door, or the pickup point's address. */
  address: z.string(),
  point_code: z.string().nullable(),
  /** The point's opening hours as the carrier writes them (`Пн-Пт 10:00-20:00`). */
  point_hours: z.string().nullable(),
  fio: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  is_default: z.boolean(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const DeliveryListResponseSchema = resultOf(z.array(DeliveryAddressSchema));
export const DeliveryAddressResponseSchema = resultOf(DeliveryAddressSchema);
export const DeliveryRemovedResponseSchema = resultOf(z.object({ id: z.number().int() }));

// ---------------------------------------------------------------- carrier: cities, points, quote

export const DeliveryCitiesQuerySchema = z.object({
  q: z.string().trim().min(2, 'Введите хотя бы 2 буквы').max(100),
});
export const DeliveryCitySchema = z.object({
  code: z.number().int(),
  /** `Москва` */
  name: z.string(),
  /** `Москва, Россия` as the carrier writes it. */
  full_name: z.string(),
});
export type DeliveryCity = z.infer<typeof DeliveryCitySchema>;
export const DeliveryCitiesResponseSchema = resultOf(z.array(DeliveryCitySchema));

const Latitude = z.coerce.number().min(-90).max(90);
const Longitude = z.coerce.number().min(-180).max(180);
export const DeliveryPointsQuerySchema = z
  .object({ city_code: CityCodeSchema, lat: Latitude.optional(), lon: Longitude.optional() })
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), {
    message: 'Нужны обе координаты: lat и lon',
    path: ['lat'],
  });
export const DeliveryPointSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['PVZ', 'POSTAMAT']),
  address: z.string(),
  hours: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Metres from the position asked with; null without one. */
  distance_m: z.number().int().nullable(),
});
export type DeliveryPoint = z.infer<typeof DeliveryPointSchema>;
export const DeliveryPointsResponseSchema = resultOf(z.array(DeliveryPointSchema));

export const DeliveryQuoteBodySchema = z
  .object({
    city_code: CityCodeSchema,
    point_code: PointCodeSchema.optional(),
    /** A courier address (instead of a point). */
    address: z.string().trim().min(1).max(300).optional(),
    items: z
      .array(z.object({ variant_id: BodyIdSchema, quantity: LineQuantitySchema }))
      .min(1, 'Корзина пуста')
      .max(50, 'Слишком много позиций'),
  })
  .refine((v) => v.point_code !== undefined || v.address !== undefined, {
    message: 'Выберите пункт выдачи или укажите адрес',
    path: ['point_code'],
  });
export type DeliveryQuoteBody = z.infer<typeof DeliveryQuoteBodySchema>;

/** The duty the shopper pays at customs, when the parcel is above the duty-free threshold. */
export const DutySchema = z.object({
  /** Roubles, rounded. */
  amount: z.number().int(),
  goods_eur: z.number(),
  /** The Central Bank's EUR rate used (roubles per euro). */
  eur_rate: z.number(),
  /** `15 % с превышения` / `5 % + НДС 22 %` */
  rule: z.string(),
});
export type Duty = z.infer<typeof DutySchema>;

export const DeliveryQuoteSchema = z.object({
  /** The carrier's price in roubles, paid on receipt (docs/product.md §11.9). */
  price: z.number().int(),
  /** Days from today: the China leg from the shop's settings plus the carrier's. */
  days_min: z.number().int(),
  days_max: z.number().int(),
  /** The same as calendar dates (YYYY-MM-DD, Moscow). */
  date_from: z.string(),
  date_to: z.string(),
  duty: DutySchema.nullable(),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;
export const DeliveryQuoteResponseSchema = resultOf(DeliveryQuoteSchema);

// ---------------------------------------------------------------- shipments

export const SHIPMENT_LEGS = ['china', 'russia'] as const;
export const ShipmentLegSchema = z.enum(SHIPMENT_LEGS);
export const SHIPMENT_STATUSES = [
  'created',
  'in_transit',
  'customs',
  'at_pickup_point',
  'delivered',
  'problem',
] as const;
export const ShipmentStatusSchema = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatusSchema>;
export const SHIPMENT_STATUS_RU: Readonly<Record<ShipmentStatus, string>> = {
  created: 'Создано',
  in_transit: 'В пути',
  customs: 'На таможне',
  at_pickup_point: 'В пункте выдачи',
  delivered: 'Вручено',
  problem: 'Проблема',
};

export const ShipmentEventSchema = z.object({
  code: z.string(),
  name: z.string(),
  at: z.string(),
  city: z.string().nullable(),
});
export const ShipmentSchema = z.object({
  id: z.number().int(),
  leg: ShipmentLegSchema,
  carrier: z.string(),
  number: z.string().nullable(),
  link: z.string().nullable(),
  status: ShipmentStatusSchema,
  /** Registered through the carrier's API (a label can be printed). */
  registered: z.boolean(),
  events: z.array(ShipmentEventSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

const CarrierSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{2,30}$/, 'Перевозчик: латинские буквы и цифры');
const TrackNumberSchema = z.string().trim().min(1, 'Укажите трек-номер').max(100);
const LinkSchema = z.url({ protocol: /^https$/, error: 'Ссылка должна начинаться с https://' }).max(500);

export const CreateShipmentBodySchema = z
  .object({
    leg: ShipmentLegSchema,
    carrier: CarrierSchema,
    number: TrackNumberSchema.optional(),
    link: LinkSchema.optional(),
    /** Register the parcel with the carrier (CDEK, Russian leg): the recipient with passport and INN. */
    register: z.literal(true).optional(),
  })
  .refine((v) => (v.number !== undefined) !== (v.register === true), {
    message: 'Укажите трек-номер или зарегистрируйте отправление у перевозчика',
    path: ['number'],
  });
export type CreateShipmentBody = z.infer<typeof CreateShipmentBodySchema>;

export const PatchShipmentBodySchema = z
  .object({
    carrier: CarrierSchema.optional(),
    number: TrackNumberSchema.nullable().optional(),
    link: LinkSchema.nullable().optional(),
    status: ShipmentStatusSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Нечего менять');
export type PatchShipmentBody = z.infer<typeof PatchShipmentBodySchema>;

export const ShipmentParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  shipmentId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ShipmentResponseSchema = resultOf(ShipmentSchema);
export const ShipmentListResponseSchema = resultOf(z.array(ShipmentSchema));

/** CDEK's webhook body (ORDER_STATUS; other types are acknowledged and ignored). */
export const CdekWebhookBodySchema = z.object({
  type: z.string(),
  date_time: z.string().optional(),
  uuid: z.string(),
  attributes: z
    .object({
      cdek_number: z.union([z.string(), z.number()]).optional(),
      number: z.string().optional(),
      status_code: z.string().optional(),
      status_reason_code: z.string().optional(),
      status_date_time: z.string().optional(),
      city_name: z.string().optional(),
      city_code: z.union([z.string(), z.number()]).optional(),
      code: z.string().optional(),
      is_return: z.boolean().optional(),
    })
    .loose(),
});
export type CdekWebhookBody = z.infer<typeof CdekWebhookBodySchema>;
export const CdekWebhookQuerySchema = z.object({ secret: z.string().max(256).default('') });
