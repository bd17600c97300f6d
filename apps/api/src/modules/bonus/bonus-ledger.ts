// The bonus ledger (docs/product.md §13.3, docs/decisions/019): the only writer of `bonus_ledger`.
// Credits are lots with an expiry; debits name the lot they take from, earliest expiry first.
// Balance = the remaining of unexpired available lots; every movement has a unique `idem_key`, so
// replays (a webhook twice, a retried job) write nothing twice. Writers that spend lock the
// shopper's row first, so concurrent spends of one balance run one after another.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { bonusLedger, users, type BONUS_LEDGER_KINDS } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

type LedgerKind = (typeof BONUS_LEDGER_KINDS)[number];

/** Debit statuses that take money from a lot. */
const COUNTED_DEBITS = sql.raw(`('held', 'spent', 'done')`);

/** Serialises the writers of one shopper's bonuses (row lock on the user, which no one else updates in a hurry). */
export async function lockBonusAccount(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

type Lot = { id: number; expires_at: string; remaining: number };

/** Available, unexpired lots with something left, earliest expiry first. */
async function openLots(db: Database, userId: number, now: Date): Promise<Lot[]> {
  const rows = await queryRows<{ id: number; expires_at: Date | string; remaining: number | string }>(
    db,
    sql`select c.id, c.expires_at,
          c.amount + coalesce((select sum(d.amount) from bonus_ledger d
                               where d.lot_id = c.id and d.status in ${COUNTED_DEBITS}), 0) as remaining
        from bonus_ledger c
        where c.user_id = ${userId} and c.amount > 0 and c.status = 'available'
          and c.expires_at > ${now.toISOString()}
        order by c.expires_at, c.id`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      expires_at: new Date(r.expires_at).toISOString(),
      remaining: Number(r.remaining),
    }))
    .filter((r) => r.remaining > 0);
}

export type BonusSummary = {
  balance: number;
  pending: number;
  held: number;
  expiring: { amount: number; date: string } | null;
  /** The invited friend's welcome bonus still on the account, and until when (issue 27). */
  welcome: { amount: number; until: string } | null;
};

export async function bonusSummary(db: Database, userId: number, now = new Date()): Promise<BonusSummary> {
  const lots = await openLots(db, userId, now);
  const [sums] = await queryRows<{ pending: string | number | null; held: string | number | null }>(
    db,
    sql`select
          sum(amount) filter (where amount > 0 and status = 'pending') as pending,
          -sum(amount) filter (where amount < 0 and status = 'held') as held
        from bonus_ledger where user_id = ${userId}`,
  );
  const first = lots[0];
  const day = first?.expires_at.slice(0, 10);
  const welcomeIds = lots.length
    ? (
        await queryRows<{ id: string | number }>(
          db,
          sql`select id from bonus_ledger where user_id = ${userId} and kind = 'welcome' and amount > 0`,
        )
      ).map((r) => Number(r.id))
    : [];
  const welcomeLot = lots.find((l) => welcomeIds.includes(l.id));
  return {
    balance: lots.reduce((s, l) => s + l.remaining, 0),
    pending: Number(sums?.pending ?? 0),
    held: Number(sums?.held ?? 0),
    expiring: first
      ? {
          amount: lots.filter((l) => l.expires_at.slice(0, 10) === day).reduce((s, l) => s + l.remaining, 0),
          date: first.expires_at,
        }
      : null,
    welcome: welcomeLot ? { amount: welcomeLot.remaining, until: welcomeLot.expires_at } : null,
  };
}

export async function bonusBalance(db: Database, userId: number, now = new Date()): Promise<number> {
  return (await openLots(db, userId, now)).reduce((s, l) => s + l.remaining, 0);
}

export type CreditInput = {
  userId: number;
  kind: Extract<LedgerKind, 'welcome' | 'referral_reward' | 'order_refund' | 'blogger_convert' | 'adjust'>;
  amount: number;
  status: 'pending' | 'available';
  expiresAt: Date;
  orderId?: number | null;
  referralId?: number | null;
  note?: string | null;
  idemKey: string;
};

/** Writes a credit (a lot) once per `idemKey`; returns its id, or undefined when it already exists. */
export async function creditBonus(tx: Database, input: CreditInput): Promise<number | undefined> {
  if (input.amount <= 0) return undefined;
  const [row] = await tx
    .insert(bonusLedger)
    .values({
      userId: input.userId,
      kind: input.kind,
      amount: input.amount,
      status: input.status,
      expiresAt: input.expiresAt,
      orderId: input.orderId ?? null,
      referralId: input.referralId ?? null,
      note: input.note ?? null,
      idemKey: input.idemKey,
    })
    .onConflictDoNothing({ target: bonusLedger.idemKey })
    .returning({ id: bonusLedger.id });
  return row?.id;
}

/** Moves a credit between statuses (pending → available with its expiry, pending/available → canceled). */
export async function setCreditStatus(
  tx: Database,
  idemKey: string,
  from: readonly ('pending' | 'available')[],
  to: 'available' | 'canceled',
  expiresAt?: Date,
): Promise<boolean> {
  const moved = await tx
    .update(bonusLedger)
    .set({ status: to, updatedAt: sql`now()`, ...(expiresAt ? { expiresAt } : {}) })
    .where(and(eq(bonusLedger.idemKey, idemKey), inArray(bonusLedger.status, [...from])))
    .returning({ id: bonusLedger.id });
  return moved.length > 0;
}

export const BONUS_OVER_BALANCE = 'Недостаточно бонусов';

/**
 * Holds `amount` bonuses for an order being placed, from the earliest-expiring lots. The caller
 * holds the account lock (lockBonusAccount) in the same transaction. 409 when the balance is short.
 */
export async function holdForOrder(
  tx: Database,
  userId: number,
  orderId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const lots = await openLots(tx, userId, new Date());
  const balance = lots.reduce((s, l) => s + l.remaining, 0);
  if (balance < amount) throw new AppError(409, 'bonus_over_balance', BONUS_OVER_BALANCE);
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    left -= take;
    await tx
      .insert(bonusLedger)
      .values({
        userId,
        kind: 'order_hold',
        amount: -take,
        status: 'held',
        lotId: lot.id,
        orderId,
        idemKey: `hold:${orderId}:${lot.id}`,
      })
      .onConflictDoNothing({ target: bonusLedger.idemKey });
  }
}

/** Paid: the order's held bonuses are spent. Lapsed or canceled unpaid: released. Idempotent. */
export async function settleOrderHold(
  tx: Database,
  orderId: number,
  to: 'spent' | 'released',
  from: readonly ('held' | 'released')[] = ['held'],
): Promise<number> {
  const rows = await tx
    .update(bonusLedger)
    .set({ status: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(bonusLedger.orderId, orderId),
        eq(bonusLedger.kind, 'order_hold'),
        inArray(bonusLedger.status, [...from]),
      ),
    )
    .returning({ amount: bonusLedger.amount });
  return rows.reduce((s, r) => s - r.amount, 0);
}

/** Refund (or a paid order canceled with its refund): what the order spent comes back as a new lot. */
export async function returnOrderBonuses(
  tx: Database,
  userId: number,
  orderId: number,
  ttlDays: number,
): Promise<number> {
  const [row] = await queryRows<{ spent: string | number | null }>(
    tx,
    sql`select -sum(amount) as spent from bonus_ledger
        where order_id = ${orderId} and kind = 'order_hold' and status = 'spent'`,
  );
  const spent = Number(row?.spent ?? 0);
  if (spent <= 0) return 0;
  await creditBonus(tx, {
    userId,
    kind: 'order_refund',
    amount: spent,
    status: 'available',
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
    orderId,
    idemKey: `refund:${orderId}`,
  });
  return spent;
}

/**
 * Burns what is left of lots whose expiry passed: one `expire` debit per lot (unique key). Claims
 * lots with `FOR UPDATE SKIP LOCKED`, so two instances never burn one lot twice, and locks the
 * owner's account so a concurrent spend sees it. Returns the number of lots burnt.
 */
export async function expireLots(db: Database, now: Date, batch = 100): Promise<number> {
  let burnt = 0;
  while (burnt < batch) {
    const done = await db.transaction(async (tx) => {
      const [lot] = await queryRows<{ id: number; user_id: number }>(
        tx,
        sql`select c.id, c.user_id from bonus_ledger c
            where c.amount > 0 and c.status = 'available' and c.expires_at <= ${now.toISOString()}
              and c.amount + coalesce((select sum(d.amount) from bonus_ledger d
                                       where d.lot_id = c.id and d.status in ${COUNTED_DEBITS}), 0) > 0
            order by c.expires_at, c.id limit 1
            for update skip locked`,
      );
      if (!lot) return false;
      await lockBonusAccount(tx, Number(lot.user_id));
      // Re-read after the locks (a fresh snapshot): another instance may have burnt it just now.
      const [left] = await queryRows<{ remaining: string | number; burns: string | number }>(
        tx,
        sql`select c.amount + coalesce((select sum(d.amount) from bonus_ledger d
                   where d.lot_id = c.id and d.status in ${COUNTED_DEBITS}), 0) as remaining,
                   (select count(*) from bonus_ledger e where e.lot_id = c.id and e.kind = 'expire') as burns
            from bonus_ledger c where c.id = ${lot.id}`,
      );
      const remaining = Number(left?.remaining ?? 0);
      if (remaining <= 0) return true;
      // Usually one burn per lot; another only when a lapsed order gave held bonuses back after expiry.
      await tx
        .insert(bonusLedger)
        .values({
          userId: Number(lot.user_id),
          kind: 'expire',
          amount: -remaining,
          status: 'done',
          lotId: Number(lot.id),
          idemKey: `expire:${lot.id}:${Number(left?.burns ?? 0)}`,
        })
        .onConflictDoNothing({ target: bonusLedger.idemKey });
      return true;
    });
    if (!done) break;
    burnt += 1;
  }
  return burnt;
}
