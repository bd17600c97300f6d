// The inviter's reward following the friend's order (docs/product.md §13.2), called by the
// order-status hook inside the order's transaction: pending when the first qualifying order is
// paid, available when it is completed (with a bot message), canceled when it is undone.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { referrals, users } from '../../db/schema/index.ts';
import { creditBonus, setCreditStatus } from '../bonus/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { daysFrom, programmeSettings } from '../../lib/programme-settings.ts';
import { rewardKey } from './referral.repository.ts';

type HookOrder = { id: number; userId: number; toPay: number; phone: string };

const digits = (v: string) => v.replace(/\D/g, '').slice(-10);

/**
 * The friend's order was paid: the first one whose money part reaches the minimum makes the
 * inviter's reward pending (or rejected: the inviter's own phone, the monthly limit).
 */
export async function referralOnPaid(tx: Database, order: HookOrder): Promise<void> {
  const s = programmeSettings();
  if (order.toPay < s.referralMinOrder) return;
  const [r] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.refereeId, order.userId), eq(referrals.status, 'registered')))
    .for('update');
  if (!r) return;
  const [friend] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  const reject = async (reason: string) => {
    await tx
      .update(referrals)
      .set({ status: 'rejected', rejectReason: reason, qualifyingOrderId: order.id, updatedAt: sql`now()` })
      .where(eq(referrals.id, r.id));
  };
  const [samePhone] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*) as n from delivery_addresses
        where user_id = ${r.referrerId} and right(regexp_replace(phone_number, '\\D', '', 'g'), 10) = ${digits(order.phone)}`,
  );
  if (digits(order.phone).length === 10 && Number(samePhone?.n ?? 0) > 0) {
    return reject('Заказ оформлен на ваш номер телефона');
  }
  const [month] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*) as n from referrals where referrer_id = ${r.referrerId}
        and status in ('ordered', 'rewarded') and pending_since >= date_trunc('month', now())`,
  );
  if (Number(month?.n ?? 0) >= s.referralMaxRewardsPerMonth) {
    return reject('Превышен лимит начислений за месяц');
  }
  await tx
    .update(referrals)
    .set({ status: 'ordered', qualifyingOrderId: order.id, pendingSince: sql`now()`, updatedAt: sql`now()` })
    .where(eq(referrals.id, r.id));
  const name = friend
    ? `${friend.firstName}${friend.lastName ? ` ${friend.lastName.slice(0, 1)}.` : ''}`
    : '';
  await creditBonus(tx, {
    userId: r.referrerId,
    kind: 'referral_reward',
    amount: s.referralReward,
    status: 'pending',
    expiresAt: daysFrom(new Date(), s.bonusTtlDays),
    orderId: order.id,
    referralId: r.id,
    note: name,
    idemKey: rewardKey(r.id, order.id),
  });
}

/** The friend received the qualifying order: the reward becomes available, and the inviter hears of it. */
export async function referralOnCompleted(tx: Database, order: HookOrder): Promise<void> {
  const s = programmeSettings();
  const [r] = await tx
    .update(referrals)
    .set({ status: 'rewarded', rewardedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(referrals.qualifyingOrderId, order.id), eq(referrals.status, 'ordered')))
    .returning();
  if (!r) return;
  await setCreditStatus(
    tx,
    rewardKey(r.id, order.id),
    ['pending'],
    'available',
    daysFrom(new Date(), s.bonusTtlDays),
  );
  const [inviter] = await tx
    .select({ chatId: users.telegramId })
    .from(users)
    .where(eq(users.id, r.referrerId));
  const [friend] = await tx
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, r.refereeId));
  if (inviter) {
    await enqueueNotification(tx, {
      kind: 'referral.rewarded',
      dedupeKey: `referral:${r.id}:rewarded:${order.id}`,
      chatId: inviter.chatId,
      userId: r.referrerId,
      text: `🎉 За приглашение вы получили ${s.referralReward.toLocaleString('ru-RU')} бонусов: ${friend?.firstName ?? 'ваш друг'} получил(а) первый заказ. Бонусами можно оплатить до ${s.bonusSpendCapPercent} % следующей покупки.`,
    });
  }
}

/**
 * The qualifying order was canceled or refunded (a completed one too: goods returned): the reward,
 * pending or already available, is canceled and no longer spendable; a later order may qualify.
 */
export async function referralOnCanceled(tx: Database, order: HookOrder): Promise<void> {
  const [r] = await tx
    .update(referrals)
    .set({
      status: 'registered',
      qualifyingOrderId: null,
      pendingSince: null,
      rewardedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(referrals.qualifyingOrderId, order.id), inArray(referrals.status, ['ordered', 'rewarded'])))
    .returning();
  if (r) await setCreditStatus(tx, rewardKey(r.id, order.id), ['pending', 'available'], 'canceled');
}
