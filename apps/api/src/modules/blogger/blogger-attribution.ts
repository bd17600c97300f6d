// Buyers a blogger brought, the first-order discount and the commission that follows the order
// (docs/product.md §13.4). Writes `blogger_attributions`, `blogger_link_opens` and the
// commission rows of `blogger_ledger`, for the blogger module.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bloggerAttributions,
  bloggerLedger,
  bloggerLinkOpens,
  bloggers,
  orders,
} from '../../db/schema/index.ts';
import { daysFrom, programmeSettings } from '../../lib/programme-settings.ts';
import { findApprovedByPromo, type BloggerRow } from './blogger.repository.ts';

// ---------------------------------------------------------------- attribution and discount

/** A new shopper arrived by `b_<promo>`: bound to that approved blogger for the binding window. */
export async function bindBloggerLink(tx: Database, userId: number, promo: string): Promise<boolean> {
  const b = await findApprovedByPromo(tx, promo);
  if (!b || b.userId === userId) return false;
  const inserted = await tx
    .insert(bloggerAttributions)
    .values({
      userId,
      bloggerId: b.id,
      source: 'link',
      boundUntil: daysFrom(new Date(), programmeSettings().bloggerBindingDays),
    })
    .onConflictDoNothing()
    .returning({ userId: bloggerAttributions.userId });
  return inserted.length > 0;
}

/** Every sign-in through a blogger's link counts as an open for their stats. */
export async function countLinkOpen(db: Database, promo: string): Promise<void> {
  const b = await findApprovedByPromo(db, promo);
  if (!b) return;
  await db
    .insert(bloggerLinkOpens)
    .values({ bloggerId: b.id, day: new Date().toISOString().slice(0, 10), opens: 1 })
    .onConflictDoUpdate({
      target: [bloggerLinkOpens.bloggerId, bloggerLinkOpens.day],
      set: { opens: sql`${bloggerLinkOpens.opens} + 1` },
    });
}

export async function hasBloggerAttribution(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select().from(bloggerAttributions).where(eq(bloggerAttributions.userId, userId));
  return row !== undefined;
}

/** Whether the shopper has an order (other than `exceptOrderId`) that was not canceled. */
async function hasEarlierOrder(
  db: Database,
  userId: number,
  exceptOrderId: number | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.status, 'canceled'),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type Discount = { code: string; percent: number; auto: boolean; amount: number };
export type DiscountOutcome = {
  discount: Discount | null;
  error: { code: 'promo_not_found' | 'promo_not_applicable'; message: string } | null;
};

export const PROMO_NOT_FOUND = 'Промокод не найден';
export const PROMO_FIRST_ORDER = 'Промокод действует только на первый заказ';
export const PROMO_OWN = 'Нельзя использовать свой промокод';

/**
 * The promo discount of an order: a typed blogger code, or (none typed) the automatic one of a
 * shopper the blogger brought within the binding window; only on the first order, at most the cap.
 */
export async function promoDiscount(
  db: Database,
  userId: number,
  goods: number,
  typed: string | undefined,
  exceptOrderId?: number,
): Promise<DiscountOutcome> {
  const s = programmeSettings();
  const amountOf = (g: number) =>
    Math.min(Math.floor((g * s.bloggerBuyerDiscountPercent) / 100), s.bloggerBuyerDiscountCap);
  if (typed) {
    const b = await findApprovedByPromo(db, typed);
    if (!b) return { discount: null, error: { code: 'promo_not_found', message: PROMO_NOT_FOUND } };
    if (b.userId === userId)
      return { discount: null, error: { code: 'promo_not_applicable', message: PROMO_OWN } };
    if (await hasEarlierOrder(db, userId, exceptOrderId)) {
      return { discount: null, error: { code: 'promo_not_applicable', message: PROMO_FIRST_ORDER } };
    }
    return {
      discount: {
        code: b.promoCode,
        percent: s.bloggerBuyerDiscountPercent,
        auto: false,
        amount: amountOf(goods),
      },
      error: null,
    };
  }
  const [attr] = await db
    .select({
      promo: bloggers.promoCode,
      status: bloggers.status,
      boundUntil: bloggerAttributions.boundUntil,
    })
    .from(bloggerAttributions)
    .innerJoin(bloggers, eq(bloggers.id, bloggerAttributions.bloggerId))
    .where(eq(bloggerAttributions.userId, userId));
  if (!attr || attr.status !== 'approved' || attr.boundUntil <= new Date())
    return { discount: null, error: null };
  if (await hasEarlierOrder(db, userId, exceptOrderId)) return { discount: null, error: null };
  return {
    discount: {
      code: attr.promo,
      percent: s.bloggerBuyerDiscountPercent,
      auto: true,
      amount: amountOf(goods),
    },
    error: null,
  };
}

// ---------------------------------------------------------------- commissions (order hook)

type HookOrder = { id: number; userId: number; toPay: number; promoCode: string | null; createdAt: Date };

const commissionKey = (orderId: number) => `commission:${orderId}`;

/** Which blogger earns on this order: the typed promo code's, else the buyer's attribution in its window. */
async function earningBlogger(tx: Database, order: HookOrder): Promise<BloggerRow | undefined> {
  if (order.promoCode) {
    const b = await findApprovedByPromo(tx, order.promoCode);
    if (b) return b;
  }
  const [row] = await tx
    .select({ b: bloggers })
    .from(bloggerAttributions)
    .innerJoin(bloggers, eq(bloggers.id, bloggerAttributions.bloggerId))
    .where(and(eq(bloggerAttributions.userId, order.userId), eq(bloggers.status, 'approved')));
  const [attr] = await tx
    .select()
    .from(bloggerAttributions)
    .where(eq(bloggerAttributions.userId, order.userId));
  if (!row || !attr || attr.boundUntil <= order.createdAt) return undefined;
  return row.b;
}

/** Paid: a pending commission of the goods money paid (`to_pay`); a promo buyer new to the shop gets bound. */
export async function bloggerOnPaid(tx: Database, order: HookOrder): Promise<void> {
  const b = await earningBlogger(tx, order);
  if (!b || b.userId === order.userId) return;
  const amount = Math.floor((order.toPay * b.commissionPercent) / 100);
  if (order.promoCode === b.promoCode) {
    await tx
      .insert(bloggerAttributions)
      .values({
        userId: order.userId,
        bloggerId: b.id,
        source: 'promo',
        boundUntil: daysFrom(new Date(), programmeSettings().bloggerBindingDays),
      })
      .onConflictDoNothing();
  }
  if (amount <= 0) return;
  await tx
    .insert(bloggerLedger)
    .values({
      bloggerId: b.id,
      kind: 'commission',
      amount,
      status: 'pending',
      orderId: order.id,
      buyerUserId: order.userId,
      baseAmount: order.toPay,
      percent: b.commissionPercent,
      idemKey: commissionKey(order.id),
    })
    .onConflictDoNothing({ target: bloggerLedger.idemKey });
}

export async function bloggerOnCompleted(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(bloggerLedger)
    .set({ status: 'posted', updatedAt: sql`now()` })
    .where(and(eq(bloggerLedger.idemKey, commissionKey(orderId)), eq(bloggerLedger.status, 'pending')));
}

/**
 * The order was canceled or refunded in full: a pending commission is canceled; one already
 * available (posted) is clawed back by a negative entry, so what was paid out stays on record.
 */
export async function bloggerOnCanceled(tx: Database, orderId: number): Promise<void> {
  await setCommissionBase(tx, orderId, 0);
}

/**
 * The commission of an order follows the money the shop keeps (`base`: paid minus refunded): a
 * pending one is recomputed in place (canceled at 0); a posted one gets a correcting entry for the
 * difference (keyed by the new base, so a replay writes nothing twice).
 */
export async function setCommissionBase(tx: Database, orderId: number, base: number): Promise<void> {
  const [c] = await tx
    .select()
    .from(bloggerLedger)
    .where(eq(bloggerLedger.idemKey, commissionKey(orderId)))
    .for('update');
  if (!c || c.status === 'canceled') return;
  const target = Math.floor((Math.max(base, 0) * (c.percent ?? 0)) / 100);
  if (c.status === 'pending') {
    await tx
      .update(bloggerLedger)
      .set(
        target <= 0
          ? { status: 'canceled', updatedAt: sql`now()` }
          : { amount: target, baseAmount: base, updatedAt: sql`now()` },
      )
      .where(eq(bloggerLedger.id, c.id));
    return;
  }
  const [adjusted] = await tx
    .select({ sum: sql<number>`coalesce(sum(${bloggerLedger.amount}), 0)::int` })
    .from(bloggerLedger)
    .where(
      and(
        eq(bloggerLedger.orderId, orderId),
        sql`${bloggerLedger.idemKey} like ${`${commissionKey(orderId)}:adjust:%`}`,
      ),
    );
  const delta = target - (c.amount + (adjusted?.sum ?? 0));
  if (delta === 0) return;
  await tx
    .insert(bloggerLedger)
    .values({
      bloggerId: c.bloggerId,
      kind: 'commission',
      amount: delta,
      status: 'posted',
      orderId,
      buyerUserId: c.buyerUserId,
      baseAmount: base,
      percent: c.percent,
      idemKey: `${commissionKey(orderId)}:adjust:${base}`,
    })
    .onConflictDoNothing({ target: bloggerLedger.idemKey });
}
