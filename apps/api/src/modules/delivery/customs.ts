// Customs in every quote (docs/product.md §11.9): the goods in EUR at the Central Bank's rate, the
// rule in force on the day (rows of `customs_rules`, so a new rule is a row), and the duty.
import type { Duty } from '@shop/contract';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customsRules, fxRates } from '../../db/schema/index.ts';
import { fetchAllowed } from '../../lib/fetch-allowed.ts';

export type CustomsRule = {
  validFrom: string;
  thresholdEur: number;
  thresholdKg: number;
  dutyPercent: number;
  dutyBase: 'excess' | 'whole';
  minEurPerKg: number;
  vatPercent: number;
  label: string;
};

/** A day as `YYYY-MM-DD` in Moscow (customs and the Central Bank count Moscow days). */
export const moscowDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** The rule in force on `day` (the row with the latest `valid_from` not after it). */
export async function ruleOn(db: Database, day: string): Promise<CustomsRule | undefined> {
  const [row] = await db
    .select()
    .from(customsRules)
    .where(lte(customsRules.validFrom, day))
    .orderBy(desc(customsRules.validFrom))
    .limit(1);
  if (!row) return undefined;
  return {
    validFrom: row.validFrom,
    thresholdEur: row.thresholdEur,
    thresholdKg: row.thresholdKg,
    dutyPercent: Number(row.dutyPercent),
    dutyBase: row.dutyBase,
    minEurPerKg: Number(row.minEurPerKg),
    vatPercent: Number(row.vatPercent),
    label: row.label,
  };
}

/**
 * The duty of one parcel, or null under both thresholds (value and weight).
 * - `excess` (until 30 June 2026): `dutyPercent` of the value above the threshold, at least
 *   `minEurPerKg` per kg above the weight threshold.
 * - `whole` (from 1 July 2026): `dutyPercent` of the whole value, at least `minEurPerKg` per kg of
 *   the whole weight, plus `vatPercent` of the value with the duty.
 */
export function computeDuty(
  goodsRub: number,
  weightKg: number,
  eurRate: number,
  rule: CustomsRule,
): Duty | null {
  const goodsEur = goodsRub / eurRate;
  const overValue = goodsEur > rule.thresholdEur;
  const overWeight = weightKg > rule.thresholdKg;
  if (!overValue && !overWeight) return null;
  let dutyEur: number;
  if (rule.dutyBase === 'excess') {
    const byValue = (Math.max(0, goodsEur - rule.thresholdEur) * rule.dutyPercent) / 100;
    const byWeight = Math.max(0, weightKg - rule.thresholdKg) * rule.minEurPerKg;
    dutyEur = Math.max(byValue, byWeight);
  } else {
    dutyEur = Math.max((goodsEur * rule.dutyPercent) / 100, weightKg * rule.minEurPerKg);
  }
  const vatEur = ((goodsEur + dutyEur) * rule.vatPercent) / 100;
  const amount = Math.round((dutyEur + vatEur) * eurRate);
  if (amount <= 0) return null;
  return { amount, goods_eur: Math.round(goodsEur * 100) / 100, eur_rate: eurRate, rule: rule.label };
}

// ---------------------------------------------------------------- the Central Bank's EUR rate

/** Parses the Central Bank's XML_daily answer: roubles per one EUR and the rate's date. */
export function parseCbrEur(xml: string): { rub: number; date: string } | undefined {
  const valute = /<Valute\b[^>]*>(?:(?!<\/Valute>)[\s\S])*<CharCode>EUR<\/CharCode>[\s\S]*?<\/Valute>/.exec(
    xml,
  )?.[0];
  const nominal = Number(/<Nominal>(\d+)<\/Nominal>/.exec(valute ?? '')?.[1]);
  const value = Number(
    /<Value>([\d\s]+,\d+)<\/Value>/
      .exec(valute ?? '')?.[1]
      ?.replace(/\s/g, '')
      .replace(',', '.'),
  );
  const day = /<ValCurs\b[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(xml);
  if (!valute || !(nominal > 0) || !(value > 0) || !day) return undefined;
  return { rub: Math.round((value / nominal) * 10_000) / 10_000, date: `${day[3]}-${day[2]}-${day[1]}` };
}

export type RateSettings = { cbrRatesUrl: string; eurRateFallback: number; rateMaxAgeHours: number };

/** A stored rate this old is fetched again (the Central Bank publishes once a working day). */
const REFRESH_AFTER_MS = 12 * 3_600_000;

export type RateSource = {
  /** Roubles per EUR: the stored rate, refreshed when older than 12 h, else the fallback when stale. */
  eur(now?: Date): Promise<{ rub: number; source: 'cbr' | 'fallback' }>;
};

export function createRateSource(
  db: Database,
  settings: RateSettings,
  log: { warn(obj: unknown, msg: string): void },
): RateSource {
  let refreshing: Promise<void> | undefined;
  let lastFailure = 0;

  async function refresh(): Promise<void> {
    const url = new URL(settings.cbrRatesUrl);
    const res = await fetchAllowed(url.toString(), {
      hosts: [url.hostname],
      timeoutMs: 5000,
      maxBytes: 256 * 1024,
    });
    const parsed = res.status === 200 ? parseCbrEur(res.body) : undefined;
    if (!parsed) throw new Error(`Central Bank rates: ${res.status}, no EUR rate`);
    await db
      .insert(fxRates)
      .values({ currency: 'EUR', rub: String(parsed.rub), rateDate: parsed.date })
      .onConflictDoUpdate({
        target: fxRates.currency,
        set: { rub: String(parsed.rub), rateDate: parsed.date, fetchedAt: sql`now()` },
      });
  }

  const stored = async () => (await db.select().from(fxRates).where(eq(fxRates.currency, 'EUR')))[0];

  return {
    async eur(now = new Date()) {
      let row = await stored();
      const stale = !row || now.getTime() - row.fetchedAt.getTime() > REFRESH_AFTER_MS;
      // After a failure, wait a minute before asking the Central Bank again.
      if (stale && now.getTime() - lastFailure > 60_000) {
        refreshing ??= refresh()
          .catch((err: unknown) => {
            lastFailure = Date.now();
            log.warn({ err }, 'customs: the Central Bank rate could not be fetched');
          })
          .finally(() => (refreshing = undefined));
        await refreshing;
        row = await stored();
      }
      // The staleness guard: a rate older than the setting is not used.
      if (row && now.getTime() - row.fetchedAt.getTime() <= settings.rateMaxAgeHours * 3_600_000)
        return { rub: Number(row.rub), source: 'cbr' };
      return { rub: settings.eurRateFallback, source: 'fallback' };
    },
  };
}
