// Customs as rows (customs_rules) and the Central Bank's XML, and the demo carrier
// (DELIVERY_PROVIDER=fake, the default outside production) behind the same routes.
import type { DeliveryQuote, FindRequest } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customsRules, notifications } from '../../db/schema/index.ts';
import { loadEnv, EnvError } from '../../env.ts';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { computeDuty, parseCbrEur, ruleOn } from './customs.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);
const result = <T>(res: { json: () => unknown }) => (res.json() as { result: T }).result;

describe('the dated rule table', () => {
  it('holds the rule until 30 June 2026 and the one from 1 July 2026 as rows', async () => {
    const before = (await ruleOn(t.app.db, '2026-06-30'))!;
    const after = (await ruleOn(t.app.db, '2026-07-01'))!;
    expect(before).toMatchObject({
      thresholdEur: 200,
      thresholdKg: 31,
      dutyPercent: 15,
      dutyBase: 'excess',
      minEurPerKg: 2,
      vatPercent: 0,
    });
    expect(after).toMatchObject({
      thresholdEur: 200,
      thresholdKg: 31,
      dutyPercent: 5,
      dutyBase: 'whole',
      minEurPerKg: 1,
      vatPercent: 22,
    });

    // Until 30 June: €300 of goods, 1 kg → 15 % of the €100 excess = €15 → 1 500 ₽ at 100 ₽/€.
    expect(computeDuty(30_000, 1, 100, before)).toMatchObject({ amount: 1500, goods_eur: 300 });
    // At least €2 per kg above 31 kg, even under the value threshold: 41 kg → €20.
    expect(computeDuty(10_000, 41, 100, before)?.amount).toBe(2000);
    // Under both thresholds: nothing.
    expect(computeDuty(20_000, 31, 100, before)).toBeNull();
    // From 1 July: 5 % of €300 = €15, VAT 22 % of €315 = €69.30 → €84.30 → 8 430 ₽.
    expect(computeDuty(30_000, 1, 100, after)?.amount).toBe(8430);
    expect(computeDuty(20_000, 1, 100, after)).toBeNull();

    // A later change is one more row, not code.
    await t.app.db.insert(customsRules).values({
      validFrom: '2030-01-01',
      thresholdEur: 100,
      thresholdKg: 31,
      dutyPercent: '10',
      dutyBase: 'whole',
      minEurPerKg: '1',
      vatPercent: '0',
      label: '10 %',
    });
    const later = (await ruleOn(t.app.db, '2030-03-01'))!;
    expect(computeDuty(15_000, 1, 100, later)).toMatchObject({ amount: 1500, rule: '10 %' });
    expect((await ruleOn(t.app.db, '2029-12-31'))!.label).toBe(after.label);
    await t.app.db.delete(customsRules).where(eq(customsRules.validFrom, '2030-01-01'));
  });

  it("reads EUR from the Central Bank's XML_daily (nominal, comma decimals)", () => {
    const xml = `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="02.12.2026" name="Foreign Currency Market"><Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар</Name><Value>80,5000</Value></Valute><Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>94,1234</Value></Valute></ValCurs>`;
    expect(parseCbrEur(xml)).toEqual({ rub: 94.1234, date: '2026-12-02' });
    expect(
      parseCbrEur(xml.replace('<Nominal>1</Nominal><Name>Евро', '<Nominal>10</Nominal><Name>Евро')),
    ).toEqual({ rub: 9.4123, date: '2026-12-02' });
    expect(parseCbrEur('<ValCurs Date="02.12.2026"></ValCurs>')).toBeUndefined();
  });
});

describe('the demo carrier (DELIVERY_PROVIDER=fake)', () => {
  it('answers cities, points and quotes in the same shapes, with the fallback rate when the Central Bank is unreachable', async () => {
    const authorization = await login(t.app);
    const cities = result<{ code: number }[]>(
      await call('GET', '/api/v1/delivery/cities?q=санкт', authorization),
    );
    expect(cities).toEqual([{ code: 137, name: 'Санкт-Петербург', full_name: 'Санкт-Петербург, Россия' }]);
    const points = result<{ code: string }[]>(
      await call('GET', '/api/v1/delivery/points?city_code=137', authorization),
    );
    expect(points.map((p) => p.code)).toEqual(['SPB27', 'SPB101', 'SPB205', 'SPB310']);
    const { variants } = await insertProduct(t.app.db, { variants: [{ price: 30_000, qty: 1 }] });
    const quote = result<DeliveryQuote>(
      await call('POST', '/api/v1/delivery/quote', authorization, {
        city_code: 137,
        point_code: 'SPB27',
        items: [{ variant_id: variants[0]!.id, quantity: 1 }],
      }),
    );
    expect(quote).toMatchObject({ price: 340, days_min: 10 + 3, days_max: 18 + 5 });
    expect(quote.duty).toMatchObject({ eur_rate: 100, goods_eur: 300 });
  });

  it('shows the duty in the find quote and its message when the item is over €200', async () => {
    const shopper = makeTelegramUser();
    const authorization = await login(t.app, shopper);
    const ask = async () =>
      result<FindRequest>(
        await call('POST', '/api/v1/find/requests', authorization, {
          source: 'link',
          url: 'https://dw4.co/t/A/Unfollowable1',
          size: '42',
          button: 'blue',
        }),
      ).id;
    const cheap = await ask();
    const dear = await ask();
    const quote = (id: number, price_cny: number) =>
      call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, { price_cny, weight_kg: 1 });
    expect((await quote(cheap, 699)).statusCode).toBe(200);
    const res = await quote(dear, 3000);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (id: number) =>
      call('GET', `/api/v1/find/requests/${id}`, authorization).then((r) => result<FindRequest>(r));
    expect((await mine(cheap)).quote_breakdown?.duty).toBeNull();
    const dearOne = await mine(dear);
    const duty = dearOne.quote_breakdown!.duty!;
    expect(duty.goods_eur).toBeGreaterThan(200);
    expect(duty.amount).toBeGreaterThan(0);
    const texts = (
      await t.app.db.select().from(notifications).where(eq(notifications.chatId, shopper.id))
    ).map((m) => m.text);
    expect(texts.filter((x) => x.includes('Пошлина ≈'))).toHaveLength(1);
  });
});

describe('settings', () => {
  const production = {
    NODE_ENV: 'production',
    BOT_TOKEN: '123:abcdefghij',
    JWT_SECRET: 'x'.repeat(40),
    DATA_KEY: 'ab'.repeat(32),
    PUBLIC_URL: 'https://shop.example.com',
    TRUST_PROXY: 'false',
    ALLOW_SANDBOX_PAYMENTS: '1',
    DATA_DIR: '/tmp/dl-env-test',
  };
  it('refuses the fake carrier in production, needs CDEK credentials for cdek, defaults to fake elsewhere', async () => {
    await expect(loadEnv({ ...production, DELIVERY_PROVIDER: 'fake' })).rejects.toThrow(
      new EnvError('DELIVERY_PROVIDER=fake is a demo carrier and is refused when NODE_ENV=production'),
    );
    await expect(loadEnv({ ...production, DELIVERY_PROVIDER: 'cdek' })).rejects.toThrow(
      /CDEK_CLIENT_ID or CDEK_CLIENT_SECRET/,
    );
    const cdek = await loadEnv({
      ...production,
      DELIVERY_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: 'id',
      CDEK_CLIENT_SECRET: 'secret',
      CDEK_API_URL: 'https://api.edu.cdek.ru/v2',
      CDEK_FROM_CITY_CODE: '137',
    });
    expect(cdek.delivery).toMatchObject({
      provider: 'cdek',
      cdek: { apiUrl: 'https://api.edu.cdek.ru/v2', clientId: 'id', clientSecret: 'secret' },
      fromCityCode: 137,
    });
    expect((await loadEnv(production)).delivery?.provider).toBe('none');
    expect((await loadEnv({ DATA_DIR: '/tmp/dl-env-test' })).delivery?.provider).toBe('fake');
  });
});
