// `place`: placing an order, as a list of steps each owned by the module whose table it writes: claim the
// Idempotency-Key → check passport data → snapshot the address → reserve stock → write the lines
// → programme money (discount, bonuses held, to_pay) → record the status → remove the lines from the cart; after commit, refresh the listing.
// Staff placing an order for a shopper who ordered in a chat (`placedBy`) leave the cart alone and,
// in the same transaction, the bot sends the shopper the payment link (docs/product.md §12.6).
import type { CreateOrderBody, Order } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  orderItems,
  orders,
  type DeliveryQuoteSnapshot,
  type DeliverySnapshot,
} from '../../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../../plugins/errors.ts';
import { removeLines } from '../../cart/index.ts';
import { refreshListingColumns, reserveStock, type ReservedVariant } from '../../catalog/index.ts';
import { findAddress, snapshotOf } from '../../delivery/index.ts';
import { notifyOrderShopper, PAY_BUTTON_TEXT, paymentLinkText } from '../../notifications/index.ts';
import { hasPassport } from '../../passport/index.ts';
import { placeOrderMoney } from '../../programmes/index.ts';
import { recordPlaced } from './transition.ts';
import { assertSameOrderRequest } from '../idempotency-match.ts';
import { findOrder } from '../orders.repository.ts';
import { checkUnpaidCap, type UnpaidCap } from '../unpaid-cap.ts';

export const PASSPORT_REQUIRED = 'Заполните паспортные данные';
export const NOTHING_TO_PAY = 'В заказе нечего оплачивать: добавьте товар или уменьшите списание бонусов';
export const SHOPPER_PASSPORT_REQUIRED =
  'Покупатель ещё не заполнил паспортные данные: попросите его сделать это в приложении (Профиль → Паспортные данные)';

/**
 * Staff who place an order for a shopper (the console's manual order): who, for the history, and
 * what the console records in the same transaction (its audit entry) once the order is written.
 */
export type PlacedBy = {
  actor: number;
  record?: (tx: Database, order: { id: number; total: number; toPay: number }) => Promise<void>;
};

async function requirePassport(db: Database, userId: number, placedBy: PlacedBy | undefined) {
  if (!(await hasPassport(db, userId)))
    throw new AppError(409, 'passport_required', placedBy ? SHOPPER_PASSPORT_REQUIRED : PASSPORT_REQUIRED);
}

/** The shopper of a manual order hears of it from the bot, with a button that opens it to pay. */
async function sendPaymentLink(tx: Database, orderId: number, toPay: number, ttlMin: number) {
  await notifyOrderShopper(tx, orderId, {
    kind: 'order.payment_link',
    dedupeKey: `order:${orderId}:payment_link`,
    text: paymentLinkText(orderId, toPay, ttlMin),
    button: { text: PAY_BUTTON_TEXT, path: `/orders/details/${orderId}` },
  });
}

async function snapshotAddress(db: Database, userId: number, deliveryId: number): Promise<DeliverySnapshot> {
  const address = await findAddress(db, userId, deliveryId);
  if (!address) throw notFound('Адрес доставки не найден');
  return snapshotOf(address);
}

/** Inserts the order row under the key; undefined when a request with the same key got there first. */
async function claimKey(tx: Database, userId: number, delivery: DeliverySnapshot, idempotencyKey: string) {
  // A concurrent request with the same key waits here for this transaction, then finds it taken.
  const [claimed] = await tx
    .insert(orders)
    .values({ userId, delivery, idempotencyKey })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning({ id: orders.id });
  return claimed?.id;
}

/** Writes the order lines with prices and titles copied from the reserved variants; returns the total. */
async function writeLines(
  tx: Database,
  orderId: number,
  items: CreateOrderBody['items'],
  reserved: Map<number, ReservedVariant>,
): Promise<number> {
  let total = 0;
  const lines = items.map((item) => {
    const v = reserved.get(item.variant_id)!;
    total += v.price * item.quantity;
    return {
      orderId,
      productId: v.productId,
      variantId: v.id,
      title: v.productTitle,
      variantTitle: v.title,
      size: v.size,
      sizeEu: v.sizeEu,
      color: v.color,
      image: v.image,
      price: v.price,
      quantity: item.quantity,
    };
  });
  if (!Number.isSafeInteger(total) || total > 2_147_483_647) throw conflict('Слишком большая сумма заказа');
  await tx.insert(orderItems).values(lines);
  await tx.update(orders).set({ total }).where(eq(orders.id, orderId));
  return total;
}

/**
 * Places an order. A repeated Idempotency-Key answers the order it placed first (`created: false`).
 * An order with nothing left to pay (bonuses and discount cover it all) is refused: 409.
 * `placedBy` (staff, for a shopper who ordered in a chat): the cart is not touched, the history
 * names the staff member, and the bot sends the shopper the payment link.
 */
export async function place(
  db: Database,
  userId: number,
  body: CreateOrderBody,
  idempotencyKey: string,
  ttlMin: number,
  unpaidCap: UnpaidCap,
  /** The delivery quote the order records (modules/delivery; an outside call, made before the transaction). */
  quoteDelivery?: (
    delivery: DeliverySnapshot,
    items: CreateOrderBody['items'],
  ) => Promise<DeliveryQuoteSnapshot | null>,
  placedBy?: PlacedBy,
): Promise<{ order: Order; created: boolean }> {
  const replay = async () => {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
    return row ? findOrder(db, userId, row.id, ttlMin) : undefined;
  };
  const earlier = await replay();
  if (earlier) return { order: assertSameOrderRequest(earlier, body), created: false };

  await requirePassport(db, userId, placedBy);
  const delivery = await snapshotAddress(db, userId, body.delivery_id);
  const items = [...body.items].sort((a, b) => a.variant_id - b.variant_id);
  const deliveryQuote = quoteDelivery ? await quoteDelivery(delivery, items) : null;

  const orderId = await db.transaction(async (tx) => {
    await checkUnpaidCap(
      tx,
      userId,
      items.reduce((n, i) => n + i.quantity, 0),
      ttlMin,
      unpaidCap,
    );
    const id = await claimKey(tx, userId, delivery, idempotencyKey);
    if (id === undefined) return undefined;
    const reserved = await reserveStock(
      tx,
      items.map((i) => ({ productId: i.product_id, variantId: i.variant_id, quantity: i.quantity })),
    );
    const total = await writeLines(tx, id, items, reserved);
    // A variant this order sold out alerts the staff through its stock event (modules/stock-watch).
    // Promo discount, bonuses (held) and the amount to pay: docs/product.md §13.3.
    const money = await placeOrderMoney(tx, userId, id, total, body);
    if (money.toPay < 1) throw new AppError(409, 'nothing_to_pay', NOTHING_TO_PAY);
    await tx
      .update(orders)
      .set({
        discount: money.discount,
        bonusUsed: money.bonusUsed,
        toPay: money.toPay,
        promoCode: money.promoCode,
        deliveryQuote,
      })
      .where(eq(orders.id, id));
    if (placedBy) {
      await recordPlaced(tx, id, { actor: placedBy.actor, note: 'Оформлен в консоли' });
      await sendPaymentLink(tx, id, money.toPay, ttlMin);
      await placedBy.record?.(tx, { id, total, toPay: money.toPay });
    } else {
      await recordPlaced(tx, id);
      await removeLines(
        tx,
        userId,
        items.map((i) => i.variant_id),
      );
    }
    return id;
  });

  if (orderId === undefined) {
    const order = await replay();
    if (!order) throw conflict('Заказ с этим ключом уже оформляется, повторите запрос');
    return { order: assertSameOrderRequest(order, body), created: false };
  }
  const order = (await findOrder(db, userId, orderId, ttlMin))!;
  // After commit, so the order transaction locks only variant rows; the refresh is idempotent.
  await refreshListingColumns(db, [...new Set(order.items.map((i) => i.product_id))]);
  return { order, created: true };
}
