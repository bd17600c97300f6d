// Delivery with DELIVERY_PROVIDER=cdek against a local server that answers as CDEK API v2
// documents (src/test/fake-cdek.ts), the Central Bank's rates from a local XML_daily page: the
// issue's «Must show» over real HTTP on a real database.
import type { DeliveryCity, DeliveryPoint, DeliveryQuote, Order, Shipment } from '@shop/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRates, notifications, orders, shipments } from '../../db/schema/index.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../../env.ts';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeCbr, startFakeCdek, type FakeCdek } from '../../test/fake-cdek.ts';
import { ADDRESS, insertProduct, PASSPORT } from '../../test/fixtures.ts';
import { payInSandbox, type Shopper } from '../../test/console-kit.ts';
import { distanceM } from './delivery.service.ts';
import { pollShipments } from './shipment-poll.ts';

const WEBHOOK_SECRET = 'test-cdek-webhook-secret-0123456789';
const owner = makeTelegramUser({ first_name: 'Ольга' });
const CHINA = { chinaDaysMin: 9, chinaDaysMax: 16 };
let cdek: FakeCdek;
let cbr: Awaited<ReturnType<typeof startFakeCbr>>;
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  cdek = await startFakeCdek();
  cbr = await startFakeCbr('93,4567');
  t = await buildTestApp({
    adminTelegramIds: [owner.id],
    publicUrl: 'https://shop.example.com',
    delivery: {
      ...DEFAULT_DELIVERY_SETTINGS,
      ...CHINA,
      provider: 'cdek',
      cdek: { apiUrl: cdek.apiUrl, clientId: cdek.clientId, clientSecret: cdek.clientSecret },
      fromCityCode: 44,
      webhookSecret: WEBHOOK_SECRET,
      cbrRatesUrl: cbr.url,
    },
  });
  ownerAuth = await login(t.app, owner);
});
afterAll(async () => {
  await t.close();
  await cdek.close();
  await cbr.close();
});

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);
const result = <T>(res: { json: () => unknown }) => (res.json() as { result: T }).result;
const MOSCOW_CENTRE = { lat: 55.7558, lon: 37.6173 };

async function newShopper(): Promise<{ authorization: string }> {
  const authorization = await login(t.app);
  const passport = await call('PUT', '/api/v1/passport', authorization, PASSPORT);
  expect(passport.statusCode, passport.body).toBe(200);
  return { authorization };
}

async function savePoint(authorization: string, pointCode: string) {
  const res = await call('POST', '/api/v1/delivery', authorization, {
    kind: 'pickup',
    city: 'Москва',
    city_code: 44,
    point_code: pointCode,
    fio: 'Анна',
    last_name: 'Тестова',
    phone_number: '+7 916 123-45-67',
    is_default: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return result<{ id: number; kind: string; address: string; point_code: string; point_hours: string }>(res);
}

let orderSeq = 0;
async function placeTo(authorization: string, deliveryId: number, price: number) {
  const { product, variants } = await insertProduct(t.app.db, { variants: [{ price, qty: 5 }] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization, 'idempotency-key': `delivery-test-${process.pid}-${++orderSeq}` },
    payload: {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      delivery_id: deliveryId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: result<Order>(res), variantId: variants[0]!.id };
}

describe('the shopper with CDEK', () => {
  it('finds «Москва» by «моск», sees points nearest first, gets a quote from the tariff list, and places an order to a point', async () => {
    const { authorization } = await newShopper();

    const cities = result<DeliveryCity[]>(
      await call('GET', `/api/v1/delivery/cities?q=${encodeURIComponent('моск')}`, authorization),
    );
    expect(cities[0]).toEqual({ code: 44, name: 'Москва', full_name: 'Москва, Россия' });
    expect(cities.map((c) => c.name)).toContain('Московский');
    const asked = cdek.requests.find((r) => r.path === '/v2/location/suggest/cities');
    expect(asked?.query.get('name')).toBe('моск');

    // Near the Юго-Запад point: it comes first, and the list is by distance.
    const position = { lat: 55.6658, lon: 37.4973 };
    const points = result<DeliveryPoint[]>(
      await call(
        'GET',
        `/api/v1/delivery/points?city_code=44&lat=${position.lat}&lon=${position.lon}`,
        authorization,
      ),
    );
    expect(points.map((p) => p.code)).toEqual(
      ['MSK205', 'MSK27', 'MSK101', 'MSK310'].sort((a, b) => {
        const at = (code: string) => points.find((p) => p.code === code)!;
        return (
          distanceM(position.lat, position.lon, at(a).lat, at(a).lon) -
          distanceM(position.lat, position.lon, at(b).lat, at(b).lon)
        );
      }),
    );
    expect(points[0]).toMatchObject({
      code: 'MSK205',
      address: 'Россия, Москва, пр. Вернадского, 86',
      hours: 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00',
    });
    const distances = points.map((p) => p.distance_m!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(2000);
    // From the centre, another point is nearest.
    const fromCentre = result<DeliveryPoint[]>(
      await call(
        'GET',
        `/api/v1/delivery/points?city_code=44&lat=${MOSCOW_CENTRE.lat}&lon=${MOSCOW_CENTRE.lon}`,
        authorization,
      ),
    );
    expect(fromCentre[0]!.code).not.toBe('MSK205');

    const { product, variants } = await insertProduct(t.app.db, { variants: [{ price: 4990, qty: 5 }] });
    void product;
    const quoteRes = await call('POST', '/api/v1/delivery/quote', authorization, {
      city_code: 44,
      point_code: 'MSK205',
      items: [{ variant_id: variants[0]!.id, quantity: 2 }],
    });
    expect(quoteRes.statusCode, quoteRes.body).toBe(200);
    const quote = result<DeliveryQuote>(quoteRes);
    // What CDEK's tariff list answers for 136 (склад-склад) with 2 kg from Moscow to Moscow.
    const tariffs = cdek.world.tariffList({
      from_location: { code: 44 },
      to_location: { code: 44 },
      packages: [{ weight: 2000 }],
    });
    const t136 = tariffs.tariff_codes.find((x) => x.tariff_code === 136)!;
    expect(quote).toMatchObject({
      price: t136.delivery_sum,
      days_min: CHINA.chinaDaysMin + t136.period_min,
      days_max: CHINA.chinaDaysMax + t136.period_max,
      duty: null,
    });
    const sent = cdek.requests.filter((r) => r.path === '/v2/calculator/tarifflist').at(-1)!.body;
    expect(sent).toMatchObject({
      from_location: { code: 44 },
      to_location: { code: 44 },
      packages: [{ weight: 2000 }],
    });
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    expect(day(quote.date_to) - day(quote.date_from)).toBe(quote.days_max - quote.days_min);

    // A courier quote takes the door tariff (137).
    const door = result<DeliveryQuote>(
      await call('POST', '/api/v1/delivery/quote', authorization, {
        city_code: 44,
        address: 'ул. Тверская, 1',
        items: [{ variant_id: variants[0]!.id, quantity: 2 }],
      }),
    );
    expect(door.price).toBe(tariffs.tariff_codes.find((x) => x.tariff_code === 137)!.delivery_sum);

    // The saved pickup point takes the carrier's address and hours.
    const saved = await savePoint(authorization, 'MSK205');
    expect(saved).toMatchObject({
      kind: 'pickup',
      point_code: 'MSK205',
      address: 'Россия, Москва, пр. Вернадского, 86',
      point_hours: 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00',
    });
    const unknown = await call('POST', '/api/v1/delivery', authorization, {
      kind: 'pickup',
      city: 'Москва',
      city_code: 44,
      point_code: 'MSK999',
      fio: 'Анна',
      last_name: 'Т',
      phone_number: '+79161234567',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: { code: 'not_found', message: 'Пункт выдачи не найден, выберите другой' },
    });

    const { order } = await placeTo(authorization, saved.id, 4990);
    expect(order.delivery).toMatchObject({ kind: 'pickup', city_code: 44, point_code: 'MSK205' });
    expect(order.delivery_quote).toMatchObject({
      price: cdek.world
        .tariffList({ from_location: { code: 44 }, to_location: { code: 44 }, packages: [{ weight: 1000 }] })
        .tariff_codes.find((x) => x.tariff_code === 136)!.delivery_sum,
      duty: null,
    });
    // One token served every call.
    expect(cdek.tokensIssued).toBe(1);
  });

  it('keeps working with an address saved before pickup points (a courier address, no quote on the order)', async () => {
    const { authorization } = await newShopper();
    const res = await call('POST', '/api/v1/delivery', authorization, ADDRESS);
    expect(res.statusCode).toBe(201);
    expect(result(res)).toMatchObject({
      kind: 'courier',
      city_code: null,
      point_code: null,
      address: ADDRESS.address,
    });
    const { order } = await placeTo(authorization, result<{ id: number }>(res).id, 1000);
    expect(order.delivery).toMatchObject({ kind: 'courier', address: ADDRESS.address });
    expect(order.delivery_quote).toBeNull();
  });

  it('refuses bad input with a clear error', async () => {
    const { authorization } = await newShopper();
    const short = await call('GET', '/api/v1/delivery/cities?q=м', authorization);
    expect(short.statusCode).toBe(400);
    const half = await call('GET', '/api/v1/delivery/points?city_code=44&lat=55.7', authorization);
    expect(half.statusCode).toBe(400);
    const noPlace = await call('POST', '/api/v1/delivery/quote', authorization, {
      city_code: 44,
      items: [{ variant_id: 1, quantity: 1 }],
    });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json()).toMatchObject({
      error: {
        field: 'body.point_code',
        message: expect.stringContaining('Выберите пункт выдачи или укажите адрес') as unknown,
      },
    });
    const pickupWithoutPoint = await call('POST', '/api/v1/delivery', authorization, {
      ...ADDRESS,
      kind: 'pickup',
      city_code: 44,
    });
    expect(pickupWithoutPoint.statusCode).toBe(400);
  });
});

describe('customs in the quote', () => {
  it('shows a duty line for a 30 000 ₽ cart (over €200) and none for 10 000 ₽, at the Central Bank rate, and the order records it', async () => {
    const { authorization } = await newShopper();
    const quoteFor = async (price: number) => {
      const { variants } = await insertProduct(t.app.db, { variants: [{ price, qty: 5 }] });
      const res = await call('POST', '/api/v1/delivery/quote', authorization, {
        city_code: 44,
        point_code: 'MSK27',
        items: [{ variant_id: variants[0]!.id, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return result<DeliveryQuote>(res);
    };
    expect((await quoteFor(10_000)).duty).toBeNull();
    const big = await quoteFor(30_000);
    const rate = 93.4567;
    const eur = 30_000 / rate;
    expect(big.duty).toMatchObject({ eur_rate: rate, goods_eur: Math.round(eur * 100) / 100 });
    // The rule in force today is a row of customs_rules: from 1 July 2026 5 % of the whole value
    // plus VAT 22 %; before it 15 % of the excess over €200.
    const today = new Date().toISOString().slice(0, 10);
    const expected =
      today >= '2026-07-01'
        ? Math.round((eur * 0.05 + eur * 1.05 * 0.22) * rate)
        : Math.round((eur - 200) * 0.15 * rate);
    expect(big.duty!.amount).toBe(expected);
    expect(big.duty!.rule).toBe(today >= '2026-07-01' ? '5 % + НДС 22 %' : '15 % с превышения');
    const [stored] = await t.app.db.select().from(fxRates).where(eq(fxRates.currency, 'EUR'));
    expect(stored).toMatchObject({ rub: '93.4567', rateDate: '2026-11-26' });

    const point = await savePoint(authorization, 'MSK27');
    const { order } = await placeTo(authorization, point.id, 30_000);
    expect(order.delivery_quote?.duty?.amount).toBe(expected);
    const [row] = await t.app.db
      .select({ q: orders.deliveryQuote })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.q).toMatchObject({ provider: 'cdek', duty: { amount: expected } });
  });
});

describe('shipments: register with CDEK, webhook, poll', () => {
  it('registers with passport and INN, a webhook (once) and a poll move the order to ready for pickup, one message per step, a replay changes nothing', async () => {
    const { authorization } = await newShopper();
    const point = await savePoint(authorization, 'MSK101');
    const { order } = await placeTo(authorization, point.id, 7000);
    const buyer: Shopper = { user: makeTelegramUser(), authorization, deliveryId: point.id };
    await payInSandbox(t.app, buyer, order.id);

    const base = `/api/v1/admin/orders/${order.id}/shipments`;
    // The China leg by number, as staff type it.
    const china = await call('POST', base, ownerAuth, {
      leg: 'china',
      carrier: 'yunexpress',
      number: 'YT2412345678',
    });
    expect(china.statusCode, china.body).toBe(200);
    expect(result<Shipment>(china)).toMatchObject({
      leg: 'china',
      number: 'YT2412345678',
      registered: false,
      status: 'created',
    });

    const registered = await call('POST', base, ownerAuth, {
      leg: 'russia',
      carrier: 'cdek',
      register: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const shipment = result<Shipment>(registered);
    const cdekOrder = [...cdek.world.orders.values()].at(-1)!;
    expect(shipment).toMatchObject({
      leg: 'russia',
      carrier: 'cdek',
      registered: true,
      number: cdekOrder.entity.cdek_number,
      link: `https://www.cdek.ru/ru/tracking?order_id=${cdekOrder.entity.cdek_number}`,
    });
    // What CDEK received: the point, the recipient with passport and INN.
    const sent = cdek.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders').at(-1)!
      .body as typeof cdekOrder.body;
    expect(sent).toMatchObject({
      type: 1,
      delivery_point: 'MSK101',
      tariff_code: 136,
      recipient: {
        name: 'Тестова Анна Сергеевна',
        phones: [{ number: '+79161234567' }],
        passport_series: '4517',
        passport_number: '987654',
        passport_date_of_issue: '2015-05-20',
        passport_date_of_birth: '1990-04-12',
        tin: PASSPORT.inn,
      },
    });
    expect(sent.packages[0]!.items[0]).toMatchObject({ cost: 7000, amount: 1, payment: { value: 0 } });
    // A second registration while this one lives is refused.
    const again = await call('POST', base, ownerAuth, { leg: 'russia', carrier: 'cdek', register: true });
    expect(again.statusCode).toBe(409);

    const messages = async () =>
      (
        await t.app.db
          .select({ kind: notifications.kind, text: notifications.text })
          .from(notifications)
          .where(eq(notifications.orderId, order.id))
      ).filter((m) => m.kind !== 'order.paid');
    expect(await messages()).toEqual([]);

    // CDEK takes the parcel: the webhook, sent once.
    const webhook = cdek.world.advance(cdekOrder.entity.uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    const hook = (body: unknown, secret = WEBHOOK_SECRET) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/delivery/webhook/cdek?secret=${secret}`,
        payload: body as object,
      });
    const first = await hook(webhook);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ result: { applied: true } });
    const status = async () =>
      (await t.app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.s;
    expect(await status()).toBe('delivering');

    // The parcel reaches the point; the webhook is lost, the poll finds it.
    cdek.world.advance(cdekOrder.entity.uuid, 'ACCEPTED_AT_PICK_UP_POINT');
    const polled = await pollShipments(t.app.db, t.app.delivery, { olderThanMs: 0 });
    expect(polled).toMatchObject({ changed: 1, failed: 0 });
    expect(await status()).toBe('ready_for_pickup');

    // A replayed webhook and a poll with no news change nothing.
    const replay = await hook(webhook);
    expect(replay.json()).toEqual({ result: { applied: false } });
    expect((await pollShipments(t.app.db, t.app.delivery, { olderThanMs: 0 })).changed).toBe(0);
    expect(await status()).toBe('ready_for_pickup');

    const sentMessages = await messages();
    expect(sentMessages.map((m) => m.kind)).toEqual(['order.delivering', 'order.ready_for_pickup']);
    expect(sentMessages[1]!.text).toContain(`Пункт выдачи: ${point.address}, ${point.point_hours}`);
    expect(sentMessages[1]!.text).toContain(
      `Отследить: https://www.cdek.ru/ru/tracking?order_id=${cdekOrder.entity.cdek_number}`,
    );

    // The shopper's order page: a timeline with dates, and the parcel with its link and events.
    const page = result<Order>(await call('GET', `/api/v1/order/detail/${order.id}`, authorization));
    expect(page.timeline!.map((s) => s.status)).toEqual([
      'awaiting_payment',
      'paid',
      'delivering',
      'ready_for_pickup',
    ]);
    expect(page.timeline!.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true);
    const russia = page.shipments!.find((s) => s.leg === 'russia')!;
    expect(russia).toMatchObject({ status: 'at_pickup_point', link: shipment.link });
    expect(russia.events.map((e) => e.code)).toEqual([
      'CREATED',
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
      'ACCEPTED_AT_PICK_UP_POINT',
    ]);

    // The console card lists both shipments; a label prints; a number is corrected.
    const card = result<{ shipments: Shipment[] }>(
      await call('GET', `/api/v1/admin/orders/${order.id}`, ownerAuth),
    );
    expect(card.shipments.map((s) => s.leg)).toEqual(['china', 'russia']);
    const label = await call('GET', `${base}/${shipment.id}/label`, ownerAuth);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.body.startsWith('%PDF-')).toBe(true);
    expect(label.body).toContain(cdekOrder.entity.cdek_number);
    const fixed = await call('PATCH', `${base}/${result<Shipment>(china).id}`, ownerAuth, {
      number: 'YT2412345679',
    });
    expect(result<Shipment>(fixed)).toMatchObject({ number: 'YT2412345679', leg: 'china' });
    // Received: the order is completed.
    const received = await hook(cdek.world.advance(cdekOrder.entity.uuid, 'DELIVERED'));
    expect(received.json()).toEqual({ result: { applied: true } });
    expect(await status()).toBe('completed');
    expect((await messages()).map((m) => m.kind)).toEqual([
      'order.delivering',
      'order.ready_for_pickup',
      'order.completed',
    ]);
  });

  it('refuses a webhook without the right secret, and acknowledges one about an unknown parcel', async () => {
    const body = {
      type: 'ORDER_STATUS',
      uuid: '00000000-0000-4000-8000-000000000000',
      attributes: { status_code: 'DELIVERED', status_date_time: '2026-11-26T10:00:00+0300' },
    };
    for (const url of ['/api/v1/delivery/webhook/cdek', '/api/v1/delivery/webhook/cdek?secret=wrong']) {
      const res = await t.app.inject({ method: 'POST', url, payload: body });
      expect(res.statusCode, url).toBe(404);
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/delivery/webhook/cdek?secret=${WEBHOOK_SECRET}`,
      payload: body,
    });
    expect(unknown.json()).toEqual({ result: { applied: false } });
  });

  it('subscribes the webhook URL with the secret (owner)', async () => {
    const res = await call('POST', '/api/v1/admin/delivery/webhook', ownerAuth);
    expect(res.statusCode, res.body).toBe(200);
    expect(cdek.world.webhooks.at(-1)).toMatchObject({
      type: 'ORDER_STATUS',
      url: `https://shop.example.com/api/v1/delivery/webhook/cdek?secret=${WEBHOOK_SECRET}`,
    });
  });
});

describe('polling on several instances', () => {
  it('two polls at once ask about each registered shipment once', async () => {
    const { authorization } = await newShopper();
    const point = await savePoint(authorization, 'MSK27');
    const buyer: Shopper = { user: makeTelegramUser(), authorization, deliveryId: point.id };
    for (let i = 0; i < 3; i++) {
      const { order } = await placeTo(authorization, point.id, 2000);
      await payInSandbox(t.app, buyer, order.id);
      const res = await call('POST', `/api/v1/admin/orders/${order.id}/shipments`, ownerAuth, {
        leg: 'russia',
        carrier: 'cdek',
        register: true,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Make every registered shipment due, then race two polls.
    await t.app.db.update(shipments).set({ polledAt: null });
    const before = cdek.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/orders/')).length;
    const [a, b] = await Promise.all([
      pollShipments(t.app.db, t.app.delivery, { olderThanMs: 60_000, batch: 1000 }),
      pollShipments(t.app.db, t.app.delivery, { olderThanMs: 60_000, batch: 1000 }),
    ]);
    const active = await t.app.db.$count(shipments, isNotNull(shipments.externalUuid));
    const delivered = await t.app.db.$count(shipments, eq(shipments.status, 'delivered'));
    expect(a.asked + b.asked).toBe(active - delivered);
    const asked =
      cdek.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/orders/')).length - before;
    expect(asked).toBe(active - delivered);
    // Just polled: nothing is due within the interval.
    expect(await pollShipments(t.app.db, t.app.delivery, { olderThanMs: 60_000 })).toMatchObject({
      asked: 0,
    });
  });
});

describe('the Central Bank rate', () => {
  it('falls back to the setting when the stored rate is stale and the Central Bank is down', async () => {
    cbr.setUp(false);
    await t.app.db
      .update(fxRates)
      .set({ fetchedAt: new Date(Date.now() - 100 * 3_600_000) })
      .where(and(eq(fxRates.currency, 'EUR')));
    const rate = await t.app.delivery.rates.eur(new Date(Date.now() + 120_000));
    expect(rate).toEqual({ rub: DEFAULT_DELIVERY_SETTINGS.eurRateFallback, source: 'fallback' });
    cbr.setUp(true);
  });
});
