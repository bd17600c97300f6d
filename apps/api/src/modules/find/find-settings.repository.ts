// The console's find settings (docs/product.md §14.3): one row, defaults until an owner saves.
import { DEFAULT_FIND_SETTINGS, type FindSettings } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findSettings } from '../../db/schema/index.ts';
import { writeAudit } from '../staff/index.ts';

export async function getFindSettings(db: Database): Promise<FindSettings> {
  const [row] = await db.select().from(findSettings);
  if (!row) return DEFAULT_FIND_SETTINGS;
  return {
    cny_rub_rate: Number(row.cnyRubRate),
    fx_markup_percent: Number(row.fxMarkupPercent),
    service_fee_percent: Number(row.serviceFeePercent),
    service_fee_min_rub: row.serviceFeeMinRub,
    delivery_rub_per_500g: row.deliveryRubPer500g,
  };
}

export async function saveFindSettings(
  db: Database,
  next: FindSettings,
  actorTelegramId: number,
): Promise<FindSettings> {
  return db.transaction(async (tx) => {
    const before = await getFindSettings(tx);
    const values = {
      id: 1,
      cnyRubRate: next.cny_rub_rate,
      fxMarkupPercent: next.fx_markup_percent,
      serviceFeePercent: next.service_fee_percent,
      serviceFeeMinRub: next.service_fee_min_rub,
      deliveryRubPer500g: next.delivery_rub_per_500g,
      updatedBy: actorTelegramId,
    };
    await tx
      .insert(findSettings)
      .values(values)
      .onConflictDoUpdate({ target: findSettings.id, set: { ...values, updatedAt: sql`now()` } });
    const after = await getFindSettings(tx);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'settings.find',
      entity: 'settings',
      entityId: 'find',
      before,
      after,
    });
    return after;
  });
}
