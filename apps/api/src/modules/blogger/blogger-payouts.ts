// Withdrawals and conversions of a blogger's balance (docs/product.md §13.4), and the console's
// side of payouts. The only writer of `blogger_payouts`; each request also writes its debit in
// `blogger_ledger` in the same transaction, under a lock on the blogger's row, so the balance can
// never go below zero and there is at most one active request.
import type { AdminPayout, Payout, PayoutBody } from '@shop/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bloggerLedger, bloggerPayouts, bloggers, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { creditBonus, bonusBalance, lockBonusAccount } from '../bonus/index.ts';
import { alertStaff, enqueueNotification } from '../notifications/index.ts';
import { openForUser, sealForUser } from '../passport/index.ts';
import { writeAudit } from '../staff/index.ts';
import { daysFrom, programmeSettings } from '../../lib/programme-settings.ts';
import { bloggerBalance, requireBlogger } from './blogger.repository.ts';

const PURPOSE = 'payout';

type Details = {
  method: 'sbp' | 'card';
  phone: string | null;
  bank: string | null;
  card: string | null;
  full_name: string;
  inn: string;
  tax_status: 'self_employed' | 'ip';
};

function mask(d: Pick<Details, 'method' | 'phone' | 'bank' | 'card'>): string {
  if (d.method === 'card') return `Карта ${(d.card ?? '').slice(0, 4)} •••• ${(d.card ?? '').slice(-4)}`;
  const p = d.phone ?? '';
  return `СБП · ${d.bank ?? ''} · +7 ••• ••• ${p.slice(-4, -2)}-${p.slice(-2)}`;
}

type PayoutRow = typeof bloggerPayouts.$inferSelect;

const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  amount: r.amount,
  method: r.method,
  details_masked: r.detailsMasked,
  tax_status: r.taxStatus,
  status: r.status,
  reject_reason: r.rejectReason,
  receipt_url: r.receiptUrl,
  created_at: r.createdAt.toISOString(),
  processed_at: r.processedAt?.toISOString() ?? null,
});

const payoutKey = (id: number) => `payout:${id}`;

async function lockBlogger(tx: Database, bloggerId: number) {
  await tx.execute(sql`select 1 from ${bloggers} where ${bloggers.id} = ${bloggerId} for update`);
}

export async function createPayout(
  db: Database,
  key: Buffer,
  userId: number,
  body: PayoutBody,
  idempotencyKey: string,
): Promise<{ payout: Payout; created: boolean }> {
  const s = programmeSettings();
  const b = await requireBlogger(db, userId);
  return db.transaction(async (tx) => {
    await lockBlogger(tx, b.id);
    const [earlier] = await tx
      .select()
      .from(bloggerPayouts)
      .where(and(eq(bloggerPayouts.bloggerId, b.id), eq(bloggerPayouts.idempotencyKey, idempotencyKey)));
    if (earlier) return { payout: toPayout(earlier), created: false };
    if (body.amount < s.bloggerMinPayout) {
      throw new AppError(
        409,
        'payout_below_minimum',
        `Минимальная сумма вывода — ${s.bloggerMinPayout.toLocaleString('ru-RU')} ₽`,
      );
    }
    const [active] = await tx
      .select({ id: bloggerPayouts.id })
      .from(bloggerPayouts)
      .where(
        and(eq(bloggerPayouts.bloggerId, b.id), inArray(bloggerPayouts.status, ['pending', 'processing'])),
      );
    if (active) throw new AppError(409, 'payout_active_exists', 'У вас уже есть активная заявка на вывод');
    const { available } = await bloggerBalance(tx, b.id);
    if (available < body.amount) throw new AppError(409, 'insufficient_funds', 'Недостаточно средств');
    const details: Details = {
      method: body.method,
      phone: body.method === 'sbp' ? (body.phone ?? null) : null,
      bank: body.method === 'sbp' ? (body.bank ?? null) : null,
      card: body.method === 'card' ? (body.card ?? null) : null,
      full_name: body.full_name,
      inn: body.inn,
      tax_status: body.tax_status,
    };
    const sealed = sealForUser(key, b.id, JSON.stringify(details), PURPOSE);
    const [row] = await tx
      .insert(bloggerPayouts)
      .values({
        bloggerId: b.id,
        amount: body.amount,
        method: body.method,
        detailsEnc: sealed,
        detailsMasked: mask(details),
        taxStatus: body.tax_status,
        idempotencyKey,
      })
      .returning();
    await tx.insert(bloggerLedger).values({
      bloggerId: b.id,
      kind: 'payout',
      amount: -body.amount,
      status: 'posted',
      payoutId: row!.id,
      idemKey: payoutKey(row!.id),
    });
    await alertStaff(
      tx,
      'payout_request',
      `payout_request:${row!.id}`,
      `Заявка на вывод ${body.amount.toLocaleString('ru-RU')} ₽ №${row!.id}.`,
    );
    if (body.save_details) {
      await tx
        .update(bloggers)
        .set({ payoutDetailsEnc: sealed, updatedAt: sql`now()` })
        .where(eq(bloggers.id, b.id));
    }
    return { payout: toPayout(row!), created: true };
  });
}

export async function listPayouts(
  db: Database,
  key: Buffer,
  userId: number,
  q: { cursor?: number | undefined; size: number },
) {
  const b = await requireBlogger(db, userId);
  const rows = await db
    .select()
    .from(bloggerPayouts)
    .where(and(eq(bloggerPayouts.bloggerId, b.id), q.cursor ? lt(bloggerPayouts.id, q.cursor) : undefined))
    .orderBy(desc(bloggerPayouts.id))
    .limit(q.size + 1);
  const [active] = await db
    .select()
    .from(bloggerPayouts)
    .where(
      and(eq(bloggerPayouts.bloggerId, b.id), inArray(bloggerPayouts.status, ['pending', 'processing'])),
    );
  let saved = null;
  if (b.payoutDetailsEnc) {
    const d = JSON.parse(openForUser(key, b.id, b.payoutDetailsEnc, PURPOSE)) as Details;
    saved = {
      method: d.method,
      details_masked: mask(d),
      bank: d.bank,
      full_name: d.full_name,
      tax_status: d.tax_status,
      inn_masked: `•••••••••${d.inn.slice(-3)}`,
    };
  }
  const items = rows.slice(0, q.size).map(toPayout);
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
    active: active ? toPayout(active) : null,
    saved_details: saved,
  };
}

/** Ends a request that will not be paid (canceled by the blogger, rejected in the console): the money returns. */
async function closePayout(
  tx: Database,
  payoutId: number,
  from: readonly ('pending' | 'processing')[],
  to: 'canceled' | 'rejected',
  extra: { rejectReason?: string; processedBy?: number } = {},
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(bloggerPayouts)
    .set({
      status: to,
      rejectReason: extra.rejectReason ?? null,
      processedAt: sql`now()`,
      processedBy: extra.processedBy ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bloggerPayouts.id, payoutId), inArray(bloggerPayouts.status, [...from])))
    .returning();
  if (!row) return undefined;
  await tx
    .update(bloggerLedger)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(eq(bloggerLedger.idemKey, payoutKey(payoutId)));
  return row;
}

export async function cancelPayout(db: Database, userId: number, payoutId: number): Promise<Payout> {
  const b = await requireBlogger(db, userId);
  return db.transaction(async (tx) => {
    await lockBlogger(tx, b.id);
    const [own] = await tx
      .select({ id: bloggerPayouts.id })
      .from(bloggerPayouts)
      .where(and(eq(bloggerPayouts.id, payoutId), eq(bloggerPayouts.bloggerId, b.id)));
    if (!own) throw notFound('Заявка не найдена');
    const row = await closePayout(tx, payoutId, ['pending'], 'canceled');
    if (!row) throw new AppError(409, 'conflict', 'Отменить можно только заявку со статусом «Создана»');
    return toPayout(row);
  });
}

/** «Перевести на бонусный счёт»: 1 ₽ of commission = 1 бонус, living as long as rewards do. */
export async function convertToBonus(
  db: Database,
  userId: number,
  amount: number,
  idempotencyKey: string | undefined,
) {
  const s = programmeSettings();
  const b = await requireBlogger(db, userId);
  return db.transaction(async (tx) => {
    await lockBlogger(tx, b.id);
    const { available } = await bloggerBalance(tx, b.id);
    if (available < amount) throw new AppError(409, 'insufficient_funds', 'Недостаточно средств');
    const [debit] = await tx
      .insert(bloggerLedger)
      .values({
        bloggerId: b.id,
        kind: 'convert',
        amount: -amount,
        status: 'posted',
        idemKey: `convert:${b.id}:${idempotencyKey ?? `${Date.now()}:${Math.random()}`}`,
      })
      .onConflictDoNothing({ target: bloggerLedger.idemKey })
      .returning({ id: bloggerLedger.id });
    if (debit) {
      await lockBonusAccount(tx, userId);
      await creditBonus(tx, {
        userId,
        kind: 'blogger_convert',
        amount,
        status: 'available',
        expiresAt: daysFrom(new Date(), s.bonusTtlDays),
        idemKey: `convert:${debit.id}`,
      });
    }
    return {
      converted: debit ? amount : 0,
      bonus_balance: await bonusBalance(tx, userId),
      blogger_available: (await bloggerBalance(tx, b.id)).available,
    };
  });
}

// ---------------------------------------------------------------- console

const adminColumns = {
  p: bloggerPayouts,
  bloggerUserId: bloggers.userId,
  promo: bloggers.promoCode,
  firstName: users.firstName,
  chatId: users.telegramId,
};

function toAdminPayout(
  key: Buffer,
  r: { p: PayoutRow; bloggerUserId: number; promo: string; firstName: string },
): AdminPayout {
  const d = JSON.parse(openForUser(key, r.p.bloggerId, r.p.detailsEnc, PURPOSE)) as Details;
  return {
    ...toPayout(r.p),
    blogger: { id: r.p.bloggerId, user_id: r.bloggerUserId, promo_code: r.promo, first_name: r.firstName },
    full_name: d.full_name,
    inn: d.inn,
  };
}

const adminQuery = (db: Database) =>
  db
    .select(adminColumns)
    .from(bloggerPayouts)
    .innerJoin(bloggers, eq(bloggers.id, bloggerPayouts.bloggerId))
    .innerJoin(users, eq(users.id, bloggers.userId));

export async function adminListPayouts(
  db: Database,
  key: Buffer,
  q: { status?: PayoutRow['status'] | undefined; cursor?: number | undefined; size: number },
) {
  const rows = await adminQuery(db)
    .where(
      and(
        q.status ? eq(bloggerPayouts.status, q.status) : undefined,
        q.cursor ? lt(bloggerPayouts.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(bloggerPayouts.id))
    .limit(q.size + 1);
  const items = rows.slice(0, q.size).map((r) => toAdminPayout(key, r));
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
  };
}

export async function adminPayoutDetails(db: Database, key: Buffer, id: number, actor: number) {
  const [row] = await db.select().from(bloggerPayouts).where(eq(bloggerPayouts.id, id));
  if (!row) throw notFound('Заявка не найдена');
  const d = JSON.parse(openForUser(key, row.bloggerId, row.detailsEnc, PURPOSE)) as Details;
  await writeAudit(db, {
    actorTelegramId: actor,
    action: 'payout.reveal',
    entity: 'payout',
    entityId: String(id),
    before: null,
    after: null,
  });
  return { method: d.method, phone: d.phone, bank: d.bank, card: d.card };
}

const PAYOUT_TEXT = {
  paid: (amount: number) =>
    `💸 Мы выплатили ${amount.toLocaleString('ru-RU')} ₽ по вашей заявке на вывод. Самозанятым: пришлите, пожалуйста, чек из приложения «Мой налог».`,
  rejected: (amount: number, reason: string) =>
    `Заявка на вывод ${amount.toLocaleString('ru-RU')} ₽ отклонена: ${reason}. Деньги вернулись на ваш партнёрский баланс.`,
};

async function decide(
  db: Database,
  key: Buffer,
  id: number,
  actor: number,
  decision: { to: 'paid'; receiptUrl?: string | undefined } | { to: 'rejected'; reason: string },
): Promise<AdminPayout> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bloggerPayouts).where(eq(bloggerPayouts.id, id)).for('update');
    if (!current) throw notFound('Заявка не найдена');
    let row: PayoutRow | undefined;
    if (decision.to === 'paid') {
      [row] = await tx
        .update(bloggerPayouts)
        .set({
          status: 'paid',
          receiptUrl: decision.receiptUrl ?? null,
          processedAt: sql`now()`,
          processedBy: actor,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bloggerPayouts.id, id), inArray(bloggerPayouts.status, ['pending', 'processing'])))
        .returning();
    } else {
      row = await closePayout(tx, id, ['pending', 'processing'], 'rejected', {
        rejectReason: decision.reason,
        processedBy: actor,
      });
    }
    if (!row) throw new AppError(409, 'invalid_transition', 'Заявка уже обработана');
    await writeAudit(tx, {
      actorTelegramId: actor,
      action: `payout.${decision.to}`,
      entity: 'payout',
      entityId: String(id),
      before: { status: current.status },
      after: { status: row.status, reason: row.rejectReason },
    });
    const [who] = await adminQuery(tx).where(eq(bloggerPayouts.id, id));
    await enqueueNotification(tx, {
      kind: `payout.${decision.to}`,
      dedupeKey: `payout:${id}:${decision.to}`,
      chatId: who!.chatId,
      userId: who!.bloggerUserId,
      text:
        decision.to === 'paid'
          ? PAYOUT_TEXT.paid(row.amount)
          : PAYOUT_TEXT.rejected(row.amount, decision.reason),
    });
    return toAdminPayout(key, who!);
  });
}

export const markPayoutPaid = (db: Database, key: Buffer, id: number, actor: number, receiptUrl?: string) =>
  decide(db, key, id, actor, { to: 'paid', receiptUrl });
export const rejectPayout = (db: Database, key: Buffer, id: number, actor: number, reason: string) =>
  decide(db, key, id, actor, { to: 'rejected', reason });
