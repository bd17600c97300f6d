// Polling of registered shipments (docs/product.md §11.9): CDEK sends each webhook once and never
// again, so every instance also asks the carrier about active shipments. Each sweep claims its
// rows first (`polled_at` under FOR UPDATE SKIP LOCKED), so several instances ask about each
// shipment once per interval; applying the answer is idempotent (shipments.ts).
import { and, asc, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shipments } from '../../db/schema/index.ts';
import type { DeliveryService } from './delivery.service.ts';
import { applyCarrierEvents } from './shipments.ts';

/** How often each instance polls (a shipment is asked about at most once per this). */
export const POLL_EVERY_MS = 15 * 60_000;

export async function pollShipments(
  db: Database,
  service: DeliveryService,
  { batch = 50, olderThanMs = POLL_EVERY_MS, now = new Date() } = {},
): Promise<{ asked: number; changed: number; failed: number }> {
  const provider = service.provider;
  if (!provider) return { asked: 0, changed: 0, failed: 0 };
  const carrier = 'cdek';
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          isNotNull(shipments.externalUuid),
          sql`${shipments.carrier} = ${carrier}`,
          ne(shipments.status, 'delivered'),
          or(isNull(shipments.polledAt), lt(shipments.polledAt, new Date(now.getTime() - olderThanMs))),
        ),
      )
      .orderBy(asc(shipments.polledAt), asc(shipments.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(shipments)
      .set({ polledAt: now })
      .where(
        inArray(
          shipments.id,
          due.map((r) => r.id),
        ),
      )
      .returning({ uuid: shipments.externalUuid });
  });
  let changed = 0;
  let failed = 0;
  for (const { uuid } of claimed) {
    try {
      const tracking = await provider.track(uuid!);
      const moved = await applyCarrierEvents(
        db,
        service,
        { carrier, uuid: uuid! },
        {
          events: tracking.events,
          carrierNumber: tracking.carrier_number,
        },
      );
      if (moved) changed++;
    } catch {
      failed++;
    }
  }
  return { asked: claimed.length, changed, failed };
}
