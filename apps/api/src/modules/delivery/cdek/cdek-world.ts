// A small CDEK in memory that answers as API v2 documents (api-docs.cdek.ru): suggested cities,
// delivery points, the tariff list, orders with their statuses, webhook subscriptions and print
// forms. The fake provider (../fake-provider.ts) calls it in process for the demo; the tests'
// HTTP server (src/test/fake-cdek.ts) serves it over HTTP for the real CDEK adapter.
import { randomUUID } from 'node:crypto';
import { CDEK_STATUS_NAMES } from './cdek-map.ts';
import type {
  CdekDeliveryPoint,
  CdekError,
  CdekOrderBody,
  CdekOrderEntity,
  CdekSuggestedCity,
  CdekTariff,
  CdekTariffListBody,
  CdekWebhookBody,
} from './cdek-types.ts';

type DemoCity = {
  code: number;
  name: string;
  region: string;
  lat: number;
  lon: number;
  base: number;
  days: number;
};

const CITIES: DemoCity[] = [
  { code: 44, name: 'Москва', region: 'Москва', lat: 55.7558, lon: 37.6173, base: 290, days: 2 },
  {
    code: 137,
    name: 'Санкт-Петербург',
    region: 'Санкт-Петербург',
    lat: 59.9386,
    lon: 30.3141,
    base: 340,
    days: 3,
  },
  {
    code: 270,
    name: 'Новосибирск',
    region: 'Новосибирская обл.',
    lat: 55.0302,
    lon: 82.9204,
    base: 520,
    days: 6,
  },
  {
    code: 250,
    name: 'Екатеринбург',
    region: 'Свердловская обл.',
    lat: 56.8389,
    lon: 60.6057,
    base: 450,
    days: 4,
  },
  { code: 424, name: 'Казань', region: 'Респ. Татарстан', lat: 55.7963, lon: 49.1088, base: 390, days: 3 },
  { code: 1204, name: 'Московский', region: 'Москва', lat: 55.6009, lon: 37.3552, base: 310, days: 3 },
];

const WORK_TIME = 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00';

/** Pickup points around each city's centre: [code suffix, name, street, Δlat, Δlon, type]. */
const POINTS: [string, string, string, number, number, 'PVZ' | 'POSTAMAT'][] = [
  ['27', 'На Тверской', 'ул. Тверская, 12', 0.008, -0.01, 'PVZ'],
  ['101', 'У метро Чистые пруды', 'Мясницкая ул., 24/7', 0.0085, 0.02, 'PVZ'],
  ['205', 'Юго-Запад', 'пр. Вернадского, 86', -0.09, -0.12, 'PVZ'],
  ['310', 'Постамат в ТЦ', 'Ленинградский пр., 62', 0.04, -0.06, 'POSTAMAT'],
];

const PREFIX: Record<number, string> = {
  44: 'MSK',
  137: 'SPB',
  270: 'NSK',
  250: 'EKB',
  424: 'KZN',
  1204: 'MSKM',
};

export type WorldOrder = { entity: CdekOrderEntity; body: CdekOrderBody };

export type CdekWorld = {
  suggestCities(name: string): CdekSuggestedCity[];
  deliveryPoints(cityCode: number): CdekDeliveryPoint[];
  tariffList(body: CdekTariffListBody): { tariff_codes: CdekTariff[]; errors?: CdekError[] };
  createOrder(body: CdekOrderBody): { uuid: string } | { errors: CdekError[] };
  order(uuid: string): CdekOrderEntity | undefined;
  orders: Map<string, WorldOrder>;
  /** Moves an order to `code` (what CDEK's staff do), and answers the ORDER_STATUS webhook body CDEK sends. */
  advance(uuid: string, code: string, at?: Date): CdekWebhookBody;
  webhooks: { uuid: string; url: string; type: string }[];
  printForm(orderUuid: string): string;
  pdf(printUuid: string): Buffer | undefined;
};

const cityOf = (code: number) => CITIES.find((c) => c.code === code);

/** The world's fixed lookups: cities, pick-up points, tariffs (no state). */
const worldLookups: Pick<CdekWorld, 'suggestCities' | 'deliveryPoints' | 'tariffList'> = {
  suggestCities(name) {
    const q = name.trim().toLowerCase();
    if (!q) return [];
    return CITIES.filter((c) => c.name.toLowerCase().startsWith(q))
      .concat(CITIES.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q)))
      .slice(0, 10)
      .map((c) => ({
        city_uuid: `00000000-0000-4000-8000-${String(c.code).padStart(12, '0')}`,
        code: c.code,
        full_name: c.region === c.name ? `${c.name}, Россия` : `${c.name}, ${c.region}, Россия`,
      }));
  },
  deliveryPoints(cityCode) {
    const city = cityOf(cityCode);
    if (!city) return [];
    return POINTS.map(([suffix, name, street, dLat, dLon, type]) => ({
      code: `${PREFIX[city.code]}${suffix}`,
      name: `${city.name}, ${name}`,
      uuid: `10000000-0000-4000-8000-${String(city.code).padStart(6, '0')}${suffix.padStart(6, '0')}`,
      type,
      owner_code: 'cdek',
      work_time: type === 'POSTAMAT' ? 'Пн-Вс 08:00-22:00' : WORK_TIME,
      work_time_list: [1, 2, 3, 4, 5].map((day) => ({ day, time: '10:00/21:00' })),
      is_dressing_room: type === 'PVZ',
      have_cashless: true,
      allowed_cod: type === 'PVZ',
      weight_max: type === 'PVZ' ? 30 : 15,
      location: {
        country_code: 'RU',
        region: city.region,
        city_code: city.code,
        city: city.name,
        postal_code: '101000',
        latitude: Math.round((city.lat + dLat) * 1e6) / 1e6,
        longitude: Math.round((city.lon + dLon) * 1e6) / 1e6,
        address: street,
        address_full: `Россия, ${city.name}, ${street}`,
      },
    }));
  },
  tariffList(body) {
    const from = cityOf(body.from_location.code);
    const to = cityOf(body.to_location.code);
    if (!from || !to)
      return { tariff_codes: [], errors: [{ code: 'v2_city_not_found', message: 'Город не найден' }] };
    const grams = body.packages.reduce((n, p) => n + p.weight, 0);
    const extraKg = Math.max(0, Math.ceil((grams - 1000) / 1000));
    const sum = to.base + 40 * extraKg;
    const tariff = (code: number, name: string, mode: number, add: number, addDays: number): CdekTariff => ({
      tariff_code: code,
      tariff_name: name,
      delivery_mode: mode,
      delivery_sum: sum + add,
      period_min: to.days + addDays,
      period_max: to.days + addDays + 2,
      calendar_min: to.days + addDays,
      calendar_max: to.days + addDays + 2,
    });
    return {
      tariff_codes: [
        tariff(136, 'Посылка склад-склад', 4, 0, 0),
        tariff(137, 'Посылка склад-дверь', 3, 210, 0),
        tariff(368, 'Посылка склад-постамат', 7, 0, 1),
        tariff(483, 'Экспресс склад-склад', 4, 350, -1),
      ],
    };
  },
};

export function createCdekWorld(): CdekWorld {
  const orders = new Map<string, WorldOrder>();
  const prints = new Map<string, string>();
  const webhooks: CdekWorld['webhooks'] = [];
  let nextCdekNumber = 1_106_000_000;

  const world: CdekWorld = {
    orders,
    webhooks,
    ...worldLookups,
    createOrder(body) {
      const errors: CdekError[] = [];
      if (!body.number || !/^[\x20-\x7e]{1,40}$/.test(body.number))
        errors.push({ code: 'v2_field_is_invalid', message: 'number' });
      if (!body.delivery_point && !body.to_location)
        errors.push({ code: 'v2_entity_empty', message: 'delivery_point or to_location' });
      if (!body.recipient?.name || !body.recipient.phones?.length)
        errors.push({ code: 'v2_entity_empty', message: 'recipient' });
      if (errors.length) return { errors };
      const uuid = randomUUID();
      const now = new Date().toISOString();
      orders.set(uuid, {
        body,
        entity: {
          uuid,
          type: body.type,
          number: body.number,
          cdek_number: String(nextCdekNumber++),
          tariff_code: body.tariff_code,
          ...(body.delivery_point ? { delivery_point: body.delivery_point } : {}),
          statuses: [{ code: 'CREATED', name: CDEK_STATUS_NAMES.CREATED!, date_time: now, city: 'Москва' }],
        },
      });
      return { uuid };
    },
    order: (uuid) => orders.get(uuid)?.entity,
    advance(uuid, code, at = new Date()) {
      const order = orders.get(uuid);
      if (!order) throw new Error(`no CDEK order ${uuid}`);
      const point = order.body.delivery_point
        ? CITIES.flatMap((c) => world.deliveryPoints(c.code)).find(
            (p) => p.code === order.body.delivery_point,
          )
        : undefined;
      const city = point?.location.city ?? 'Москва';
      const dateTime = at.toISOString().replace('Z', '+0000');
      // CDEK lists statuses newest first.
      order.entity.statuses.unshift({
        code,
        name: CDEK_STATUS_NAMES[code] ?? code,
        date_time: dateTime,
        city,
      });
      return {
        type: 'ORDER_STATUS',
        date_time: dateTime,
        uuid,
        attributes: {
          is_return: false,
          cdek_number: order.entity.cdek_number!,
          number: order.entity.number,
          status_code: code,
          status_date_time: dateTime,
          city_name: city,
          city_code: '44',
        },
      };
    },
    printForm(orderUuid) {
      const uuid = randomUUID();
      prints.set(uuid, orderUuid);
      return uuid;
    },
    pdf(printUuid) {
      const orderUuid = prints.get(printUuid);
      const order = orderUuid ? orders.get(orderUuid) : undefined;
      if (!order) return undefined;
      return Buffer.from(
        `%PDF-1.4\n% CDEK waybill ${order.entity.cdek_number} for ${order.entity.number}\n%%EOF\n`,
        'latin1',
      );
    },
  };
  return world;
}
