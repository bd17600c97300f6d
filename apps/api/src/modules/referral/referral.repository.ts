// Invite friends (docs/product.md §13.2): the only writer of `referral_codes` and `referrals`.
// Binding happens at sign-in for users created by it, or by a code entered within the window;
// the reward follows the friend's first qualifying order through the order-status hook
// (referral-rewards.ts).
import { miniAppLink, type Invite, type OrderStatus, type ReferralStatus } from '@shop/contract';
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { orders, referralCodes, referrals, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { creditBonus, setCreditStatus } from '../bonus/index.ts';
import { daysFrom, programmeRules, programmeSettings } from '../../lib/programme-settings.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const newCode = () => Array.from({ length: 8 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');

/** The shopper's invite code, made on first need (a clash with another code just draws again). */
export async function ensureReferralCode(db: Database, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('could not draw a free referral code');
}

export const REFERRAL_ERRORS = {
  notFound: 'Код не найден',
  self: 'Нельзя пригласить самого себя',
  late: 'Код можно ввести только до первого заказа и в течение 48 часов после регистрации',
  already: 'Вы уже приглашены другим пользователем',
  mutual: 'Нельзя ввести код того, кого пригласили вы',
} as const;

type BindOutcome = { referralId: number; welcome: number } | keyof typeof REFERRAL_ERRORS;

/** Binds `refereeId` to the owner of `code` and credits the welcome bonus. Inside the caller's transaction. */
export async function bindReferral(
  tx: Database,
  refereeId: number,
  code: string,
  source: 'link' | 'code',
): Promise<BindOutcome> {
  const [owner] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code.toUpperCase()));
  if (!owner) return 'notFound';
  if (owner.userId === refereeId) return 'self';
  // A mutual invite (A invited B, then A enters B's code) would pay each for the other.
  const [mutual] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referrerId, refereeId), eq(referrals.refereeId, owner.userId)));
  if (mutual) return 'mutual';
  const [row] = await tx
    .insert(referrals)
    .values({ referrerId: owner.userId, refereeId, code: owner.code, source })
    .onConflictDoNothing({ target: referrals.refereeId })
    .returning({ id: referrals.id });
  if (!row) return 'already';
  const s = programmeSettings();
  const now = new Date();
  await creditBonus(tx, {
    userId: refereeId,
    kind: 'welcome',
    amount: s.referralWelcome,
    status: 'available',
    expiresAt: daysFrom(now, s.welcomeTtlDays),
    referralId: row.id,
    idemKey: `welcome:${refereeId}`,
  });
  return { referralId: row.id, welcome: s.referralWelcome };
}

export async function hasInviter(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.refereeId, userId));
  return row !== undefined;
}

/** Until when the shopper may still enter a code (null: no longer). */
async function codeEntryUntil(db: Database, userId: number, isBound: boolean): Promise<Date | null> {
  if (isBound) return null;
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const until = new Date(user.createdAt.getTime() + programmeSettings().referralBindWindowHours * 3_600_000);
  if (until <= new Date()) return null;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return order ? null : until;
}

/**
 * «У меня есть код приглашения»: within the window, before the first order, not yet bound (to a
 * friend or a blogger — `otherwiseBound`).
 */
export async function applyReferralCode(
  db: Database,
  userId: number,
  code: string,
  otherwiseBound: boolean,
): Promise<{ referral_id: number; welcome_bonus: number }> {
  return db.transaction(async (tx) => {
    const bound = otherwiseBound || (await hasInviter(tx, userId));
    if (bound) throw new AppError(409, 'referral_not_allowed', REFERRAL_ERRORS.already);
    const [owner] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code));
    if (!owner) throw notFound(REFERRAL_ERRORS.notFound);
    if (owner.userId === userId) throw new AppError(409, 'referral_not_allowed', REFERRAL_ERRORS.self);
    if (!(await codeEntryUntil(tx, userId, false)))
      throw new AppError(409, 'referral_not_allowed', REFERRAL_ERRORS.late);
    const outcome = await bindReferral(tx, userId, code, 'code');
    if (typeof outcome === 'string') {
      if (outcome === 'notFound') throw notFound(REFERRAL_ERRORS.notFound);
      throw new AppError(409, 'referral_not_allowed', REFERRAL_ERRORS[outcome]);
    }
    return { referral_id: outcome.referralId, welcome_bonus: outcome.welcome };
  });
}

export type LinkSettings = { botUsername: string | undefined; appName: string | undefined };

export const referralLink = (link: LinkSettings, code: string) =>
  miniAppLink(link.botUsername ?? 'shop_bot', link.appName ?? 'shop', { ref: code });

export const SHARE_TEXT = (welcome: number) =>
  `Дарю ${welcome.toLocaleString('ru-RU')} ₽ на первый заказ: оригинальные кроссовки, одежда и сумки с Poizon с доставкой по России. Открой по ссылке:`;

export async function referralOverview(
  db: Database,
  userId: number,
  link: LinkSettings,
  otherwiseBound: boolean,
) {
  const s = programmeSettings();
  const code = await ensureReferralCode(db, userId);
  const [mine] = await db
    .select({ firstName: users.firstName })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.refereeId, userId));
  const until = await codeEntryUntil(db, userId, mine !== undefined || otherwiseBound);
  const [stats] = await queryRows<{ invited: string; ordered: string; rewarded: string }>(
    db,
    sql`select count(*) filter (where status <> 'deleted') as invited,
               count(*) filter (where status in ('ordered', 'rewarded')) as ordered,
               count(*) filter (where status = 'rewarded') as rewarded
        from referrals where referrer_id = ${userId}`,
  );
  const [money] = await queryRows<{ earned: string | null; pending: string | null }>(
    db,
    sql`select sum(amount) filter (where status = 'available') as earned,
               sum(amount) filter (where status = 'pending') as pending
        from bonus_ledger where user_id = ${userId} and kind = 'referral_reward'`,
  );
  return {
    code,
    link: referralLink(link, code),
    share_text: SHARE_TEXT(s.referralWelcome),
    can_enter_code: until !== null,
    enter_code_until: until?.toISOString() ?? null,
    invited_by: mine ? { first_name: mine.firstName } : null,
    stats: {
      invited: Number(stats?.invited ?? 0),
      ordered: Number(stats?.ordered ?? 0),
      rewarded_count: Number(stats?.rewarded ?? 0),
      earned: Number(money?.earned ?? 0),
      pending: Number(money?.pending ?? 0),
    },
    rules: programmeRules(),
  };
}

const inviteColumns = {
  r: referrals,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
  orderStatus: orders.status,
};

type InviteRow = {
  r: typeof referrals.$inferSelect;
  firstName: string;
  lastName: string | null;
  photoUrl: string | null;
  orderStatus: OrderStatus | null;
};

function toInvite(row: InviteRow): Invite {
  const s = programmeSettings();
  const { r } = row;
  return {
    id: r.id,
    friend: {
      first_name: row.firstName,
      last_initial: row.lastName ? `${row.lastName.slice(0, 1).toUpperCase()}.` : '',
      photo_url: row.photoUrl,
    },
    status: r.status,
    reward: s.referralReward,
    joined_at: r.createdAt.toISOString(),
    order:
      r.qualifyingOrderId !== null && row.orderStatus !== null
        ? { id: r.qualifyingOrderId, status: row.orderStatus }
        : null,
    pending_since: r.pendingSince?.toISOString() ?? null,
    rewarded_at: r.rewardedAt?.toISOString() ?? null,
    reject_reason: r.rejectReason,
    welcome_until:
      s.referralWelcome > 0 && r.status === 'registered'
        ? daysFrom(r.createdAt, s.welcomeTtlDays).toISOString()
        : null,
  };
}

const inviteQuery = (db: Database) =>
  db
    .select(inviteColumns)
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .leftJoin(orders, eq(orders.id, referrals.qualifyingOrderId));

const FILTER: Record<'all' | 'pending' | 'rewarded', ReferralStatus[]> = {
  all: ['registered', 'ordered', 'rewarded', 'rejected'],
  pending: ['registered', 'ordered'],
  rewarded: ['rewarded'],
};

export async function inviteHistory(
  db: Database,
  userId: number,
  q: { cursor?: number | undefined; size: number; status: 'all' | 'pending' | 'rewarded' },
) {
  const rows = await inviteQuery(db)
    .where(
      and(
        eq(referrals.referrerId, userId),
        inArray(referrals.status, FILTER[q.status]),
        isNull(referrals.hiddenAt),
        q.cursor ? lt(referrals.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(referrals.id))
    .limit(q.size + 1);
  const items = rows.slice(0, q.size).map(toInvite);
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
  };
}

export async function findInvite(db: Database, userId: number, id: number): Promise<Invite> {
  const [row] = await inviteQuery(db).where(
    and(
      eq(referrals.id, id),
      eq(referrals.referrerId, userId),
      ne(referrals.status, 'deleted'),
      isNull(referrals.hiddenAt),
    ),
  );
  if (!row) throw notFound('Приглашение не найдено');
  return toInvite(row);
}

export async function unseenReward(db: Database, userId: number): Promise<Invite | null> {
  const [row] = await inviteQuery(db)
    .where(
      and(
        eq(referrals.referrerId, userId),
        eq(referrals.status, 'rewarded'),
        isNull(referrals.rewardSeenAt),
        isNull(referrals.hiddenAt),
      ),
    )
    .orderBy(desc(referrals.rewardedAt))
    .limit(1);
  return row ? toInvite(row) : null;
}

export async function markRewardSeen(db: Database, userId: number, id: number): Promise<Invite> {
  await db
    .update(referrals)
    .set({ rewardSeenAt: sql`coalesce(${referrals.rewardSeenAt}, now())` })
    .where(and(eq(referrals.id, id), eq(referrals.referrerId, userId)));
  return findInvite(db, userId, id);
}

/** The ledger key of the inviter's reward for one friend's order. */
export const rewardKey = (referralId: number, orderId: number) => `reward:${referralId}:${orderId}`;

/** «Удалить приглашение»: a rewarded (or rejected) one is hidden; a waiting one is canceled with its pending reward. */
export async function deleteInvite(db: Database, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(referrals)
      .where(
        and(
          eq(referrals.id, id),
          eq(referrals.referrerId, userId),
          ne(referrals.status, 'deleted'),
          isNull(referrals.hiddenAt),
        ),
      )
      .for('update');
    if (!r) throw notFound('Приглашение не найдено');
    if (r.status === 'rewarded' || r.status === 'rejected') {
      await tx
        .update(referrals)
        .set({ hiddenAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(referrals.id, id));
      return { deleted: true as const, mode: 'hidden' as const };
    }
    await tx
      .update(referrals)
      .set({ status: 'deleted', updatedAt: sql`now()` })
      .where(eq(referrals.id, id));
    if (r.qualifyingOrderId !== null)
      await setCreditStatus(tx, rewardKey(r.id, r.qualifyingOrderId), ['pending'], 'canceled');
    return { deleted: true as const, mode: 'canceled' as const };
  });
}
