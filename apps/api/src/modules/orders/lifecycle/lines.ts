// An order's lines as the stock and the cart need them (one query for every action).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orderItems } from '../../../db/schema/index.ts';

export type OrderLine = { id: number; productId: number; variantId: number; quantity: number; price: number };

export async function orderLines(tx: Database, orderId: number): Promise<OrderLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}

export const productIdsOf = (lines: { productId: number }[]) => [...new Set(lines.map((l) => l.productId))];
