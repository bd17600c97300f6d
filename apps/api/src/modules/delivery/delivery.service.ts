// Delivery for the shopper (docs/product.md §11.9): cities, pickup points nearest first, and a
// quote of price, dates and duty. One service per API instance, built from the settings
// (create-provider below); the order placing and the product page ask it too.
import type { DeliveryPoint, DeliveryQuote, Duty, OrderStatus } from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../../env.ts';
import { variants } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { createCdekProvider } from './cdek/cdek-provider.ts';
import { computeDuty, createRateSource, moscowDay, ruleOn, type RateSource } from './customs.ts';
import {
  DeliveryProviderError,
  NoDeliveryError,
  type CarrierPoint,
  type DeliveryProvider,
  type Destination,
  type Parcel,
} from './delivery-provider.ts';
import { createFakeDeliveryProvider } from './fake-provider.ts';

export const DELIVERY_UNAVAILABLE = 'Расчёт доставки сейчас недоступен, попробуйте позже';
export const NO_DELIVERY = 'Сюда СДЭК не доставляет — выберите другой город или пункт выдачи';
const POINT_NOT_FOUND = 'Пункт выдачи не найден, выберите другой';

/** Pickup points of a city are kept this long in each instance. */
const POINTS_TTL_MS = 60 * 60_000;

export function createDeliveryProvider(settings: DeliverySettings): DeliveryProvider | undefined {
  if (settings.provider === 'none') return undefined;
  if (settings.provider === 'fake') return createFakeDeliveryProvider(settings.fromCityCode);
  if (!settings.cdek) throw new Error('DELIVERY_PROVIDER=cdek needs CDEK_CLIENT_ID and CDEK_CLIENT_SECRET');
  return createCdekProvider({ ...settings.cdek, fromCityCode: settings.fromCityCode });
}

/** Metres between two positions (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(a)));
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export type GoodsLine = { price: number; quantity: number };

export type DeliveryService = {
  provider: DeliveryProvider | undefined;
  settings: DeliverySettings;
  rates: RateSource;
  cities(query: string): Promise<{ code: number; name: string; full_name: string }[]>;
  points(cityCode: number, position?: { lat: number; lon: number }): Promise<DeliveryPoint[]>;
  /** One point of a city, or 404 (a saved pickup address takes its address and hours from it). */
  point(cityCode: number, code: string): Promise<CarrierPoint>;
  /** Price, dates and duty of goods to a destination (an external call: outside transactions). */
  quote(db: Database, destination: Destination, goods: GoodsLine[], now?: Date): Promise<DeliveryQuote>;
  /** The duty of goods alone (the find quote), or null under the threshold. */
  duty(db: Database, goodsRub: number, weightKg: number, now?: Date): Promise<Duty | null>;
  /** The shop's parcel of `units` units. */
  parcel(units: number): Parcel;
  /** The goods of quote lines, at the catalogue's current prices. */
  goodsOf(db: Database, items: { variant_id: number; quantity: number }[]): Promise<GoodsLine[]>;
  /**
   * Moves an order forward when its parcel reached a new step, with the shopper's message: the
   * orders lifecycle's `advance`, given by app.ts (orders imports delivery, so not the other way).
   */
  moveOrder: OrderMover;
};

export type OrderMover = (
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  what: { note: string; message: string | null },
) => Promise<void>;

export function createDeliveryService(
  db: Database,
  settings: DeliverySettings = DEFAULT_DELIVERY_SETTINGS,
  log: { warn(obj: unknown, msg: string): void },
  provider: DeliveryProvider | undefined = createDeliveryProvider(settings),
): DeliveryService {
  const rates = createRateSource(db, settings, log);
  const pointsCache = new Map<number, { at: number; points: Promise<CarrierPoint[]> }>();

  const carrier = (): DeliveryProvider => {
    if (!provider) throw new AppError(503, 'service_unavailable', DELIVERY_UNAVAILABLE);
    return provider;
  };
  /** A carrier failure is the shopper's 502 with a Russian message, never a 500. */
  async function ask<T>(what: () => Promise<T>): Promise<T> {
    try {
      return await what();
    } catch (err) {
      if (err instanceof NoDeliveryError) throw new AppError(409, 'conflict', NO_DELIVERY);
      if (err instanceof DeliveryProviderError) {
        log.warn({ err }, 'delivery: the carrier failed');
        throw new AppError(502, 'bad_gateway', DELIVERY_UNAVAILABLE);
      }
      throw err;
    }
  }

  function cityPoints(cityCode: number): Promise<CarrierPoint[]> {
    const cached = pointsCache.get(cityCode);
    if (cached && Date.now() - cached.at < POINTS_TTL_MS) return cached.points;
    const points = ask(() => carrier().points(cityCode));
    pointsCache.set(cityCode, { at: Date.now(), points });
    points.catch(() => pointsCache.delete(cityCode));
    return points;
  }

  const parcel = (units: number): Parcel => ({
    weight_g: Math.max(1, units) * settings.unitWeightG,
    length_cm: 40,
    width_cm: 30,
    height_cm: Math.min(150, 15 * Math.max(1, units)),
  });

  async function duty(database: Database, goodsRub: number, weightKg: number, now = new Date()) {
    const rule = await ruleOn(database, moscowDay(now));
    if (!rule) return null;
    const rate = await rates.eur(now);
    return computeDuty(goodsRub, weightKg, rate.rub, rule);
  }

  return {
    provider,
    settings,
    rates,
    moveOrder: () => Promise.reject(new Error('the delivery service was not given the orders lifecycle (app.ts)')),
    cities: (query) => ask(() => carrier().cities(query)),
    async points(cityCode, position) {
      const points = await cityPoints(cityCode);
      const withDistance = points.map((p) => ({
        code: p.code,
        name: p.name,
        type: p.type,
        address: p.address,
        hours: p.hours,
        lat: p.lat,
        lon: p.lon,
        distance_m: position ? distanceM(position.lat, position.lon, p.lat, p.lon) : null,
      }));
      // Nearest first with a position; else the carrier's order.
      if (position)
        withDistance.sort((a, b) => a.distance_m! - b.distance_m! || a.code.localeCompare(b.code));
      return withDistance;
    },
    async point(cityCode, code) {
      const found = (await cityPoints(cityCode)).find((p) => p.code === code);
      if (!found) throw new AppError(404, 'not_found', POINT_NOT_FOUND, 'point_code');
      return found;
    },
    async quote(database, destination, goods, now = new Date()) {
      if (destination.point_code) await this.point(destination.city_code, destination.point_code);
      const units = goods.reduce((n, g) => n + g.quantity, 0);
      const box = parcel(units);
      const carrierQuote = await ask(() => carrier().quote(destination, box));
      const goodsRub = goods.reduce((n, g) => n + g.price * g.quantity, 0);
      const daysMin = settings.chinaDaysMin + carrierQuote.days_min;
      const daysMax = settings.chinaDaysMax + carrierQuote.days_max;
      const today = moscowDay(now);
      return {
        price: carrierQuote.price,
        days_min: daysMin,
        days_max: daysMax,
        date_from: addDays(today, daysMin),
        date_to: addDays(today, daysMax),
        duty: await duty(database, goodsRub, box.weight_g / 1000, now),
      };
    },
    duty,
    parcel,
    async goodsOf(database, items) {
      const rows = await database
        .select({ id: variants.id, price: variants.price })
        .from(variants)
        .where(
          inArray(
            variants.id,
            items.map((i) => i.variant_id),
          ),
        );
      const price = new Map(rows.map((r) => [r.id, r.price]));
      return items.map((i) => {
        const p = price.get(i.variant_id);
        if (p === undefined) throw badRequest('Товар не найден', 'items');
        return { price: p, quantity: i.quantity };
      });
    },
  };
}
