// The delivery quote an order records when it is placed (docs/product.md §11.9): the same price,
// dates and duty the checkout showed, computed again on the server. A carrier that does not
// answer does not stop the order: it is placed without a quote (null) and the failure logged.
import type { CreateOrderBody } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { DeliveryQuoteSnapshot, DeliverySnapshot } from '../../db/schema/index.ts';
import type { DeliveryService } from './delivery.service.ts';

export async function quoteForOrder(
  db: Database,
  service: DeliveryService,
  delivery: DeliverySnapshot,
  items: CreateOrderBody['items'],
  log: FastifyBaseLogger,
): Promise<DeliveryQuoteSnapshot | null> {
  // Addresses saved before cities were chosen have no carrier city: no quote.
  if (!service.provider || !delivery.city_code) return null;
  try {
    const goods = await service.goodsOf(db, items);
    const quote = await service.quote(
      db,
      {
        city_code: delivery.city_code,
        ...(delivery.kind === 'pickup' && delivery.point_code
          ? { point_code: delivery.point_code }
          : { address: delivery.address }),
      },
      goods,
    );
    return { provider: service.provider.name, ...quote, quoted_at: new Date().toISOString() };
  } catch (err) {
    log.warn({ err }, 'order placed without a delivery quote');
    return null;
  }
}
