// The money of an order (docs/product.md §13.3, docs/decisions/020): goods `total`, the promo
// `discount`, the bonuses used (at most the cap % of the goods after the discount, and the
// balance) and `to_pay`. The checkout quote and POST /order both use `orderMoney`, so the amount
// the shopper confirms is the amount the payment asks.
import type { CheckoutQuote } from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { variants } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { bonusBalance, holdForOrder, lockBonusAccount } from '../bonus/index.ts';
import { promoDiscount } from '../blogger/index.ts';
import { programmeSettings } from '../../lib/programme-settings.ts';

export type OrderMoney = {
  total: number;
  discount: number;
  promoCode: string | null;
  promo: CheckoutQuote['promo'];
  promoError: { code: 'promo_not_found' | 'promo_not_applicable'; message: string } | null;
  balance: number;
  usable: number;
  bonusUsed: number;
  toPay: number;
};

export const bonusCapMessage = (percent: number) =>
  `Бонусами можно оплатить не более ${percent} % стоимости товаров`;

/**
 * Computes the money of `total` worth of goods for `userId`. `bonusAsked` above the usable amount
 * is 409 when `strict` (POST /order) and capped otherwise (the quote). Reads the balance as it is
 * now; the placing transaction holds the account lock, so the hold that follows sees the same.
 */
export async function orderMoney(
  db: Database,
  userId: number,
  total: number,
  {
    promoCode,
    bonusAsked,
    strict,
    exceptOrderId,
  }: { promoCode?: string | undefined; bonusAsked: number; strict: boolean; exceptOrderId?: number },
): Promise<OrderMoney> {
  const cap = programmeSettings().bonusSpendCapPercent;
  const promo = await promoDiscount(db, userId, total, promoCode, exceptOrderId);
  if (strict && promo.error) {
    throw new AppError(
      promo.error.code === 'promo_not_found' ? 404 : 409,
      promo.error.code,
      promo.error.message,
    );
  }
  const discount = promo.discount?.amount ?? 0;
  const goods = total - discount;
  const capAmount = Math.floor((goods * cap) / 100);
  const balance = await bonusBalance(db, userId);
  const usable = Math.max(0, Math.min(balance, capAmount));
  if (strict && bonusAsked > capAmount) throw new AppError(409, 'bonus_over_cap', bonusCapMessage(cap));
  if (strict && bonusAsked > balance) throw new AppError(409, 'bonus_over_balance', 'Недостаточно бонусов');
  const bonusUsed = Math.min(bonusAsked, usable);
  return {
    total,
    discount,
    promoCode: promo.discount?.code ?? null,
    promo: promo.discount
      ? { code: promo.discount.code, percent: promo.discount.percent, auto: promo.discount.auto }
      : null,
    promoError: promo.error,
    balance,
    usable,
    bonusUsed,
    toPay: goods - bonusUsed,
  };
}

/** The goods total of lines at current prices (the quote; placing reads them under stock locks). */
export async function goodsTotal(
  db: Database,
  items: { product_id: number; variant_id: number; quantity: number }[],
): Promise<number> {
  const ids = items.map((i) => i.variant_id);
  const rows = await db
    .select({ id: variants.id, productId: variants.productId, price: variants.price })
    .from(variants)
    .where(inArray(variants.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let total = 0;
  for (const item of items) {
    const v = byId.get(item.variant_id);
    if (!v || v.productId !== item.product_id) throw notFound('Товар не найден');
    total += v.price * item.quantity;
  }
  return total;
}

export const PRICE_CHANGED = (toPay: number) =>
  `Сумма к оплате изменилась: теперь ${toPay.toLocaleString('ru-RU')} ₽. Проверьте заказ и подтвердите ещё раз.`;

export async function quote(
  db: Database,
  userId: number,
  body: {
    items: { product_id: number; variant_id: number; quantity: number }[];
    promo_code?: string | undefined;
    bonus_amount: number;
  },
): Promise<CheckoutQuote> {
  const total = await goodsTotal(db, body.items);
  const m = await orderMoney(db, userId, total, {
    promoCode: body.promo_code,
    bonusAsked: body.bonus_amount,
    strict: false,
  });
  return {
    total: m.total,
    discount: m.discount,
    promo: m.promo,
    promo_error: m.promoError?.message ?? null,
    bonus_balance: m.balance,
    bonus_usable: m.usable,
    bonus_used: m.bonusUsed,
    to_pay: m.toPay,
    spend_cap_percent: programmeSettings().bonusSpendCapPercent,
  };
}

/**
 * Placing (inside the order's transaction, after its lines are written): the strict money, the
 * confirmed amount checked, and the bonuses held under the shopper's account lock.
 */
export async function placeOrderMoney(
  tx: Database,
  userId: number,
  orderId: number,
  total: number,
  body: {
    promo_code?: string | undefined;
    bonus_amount?: number | undefined;
    expected_to_pay?: number | undefined;
  },
): Promise<OrderMoney> {
  const bonusAsked = body.bonus_amount ?? 0;
  if (bonusAsked > 0) await lockBonusAccount(tx, userId);
  const m = await orderMoney(tx, userId, total, {
    promoCode: body.promo_code,
    bonusAsked,
    strict: true,
    exceptOrderId: orderId,
  });
  if (body.expected_to_pay !== undefined && body.expected_to_pay !== m.toPay) {
    throw new AppError(409, 'price_changed', PRICE_CHANGED(m.toPay));
  }
  await holdForOrder(tx, userId, orderId, m.bonusUsed);
  return m;
}
