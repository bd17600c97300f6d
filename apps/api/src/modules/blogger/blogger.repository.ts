// The blogger partnership (docs/product.md §13.4): the only writer of `bloggers`,
// `blogger_attributions`, `blogger_link_opens`, `blogger_ledger` (commissions; payouts and
// conversions in blogger-payouts.ts) and `blogger_picks`. This file: applications, the balance
// and the dashboard; blogger-attribution.ts: buyers, discount, commissions; blogger-pages.ts:
// stats, commission list, picks, the public page, suggestions.
import {
  miniAppLink,
  type BloggerApplication,
  type BloggerApplicationBody,
  type BloggerDashboard,
} from '@shop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { bloggers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { alertStaff } from '../notifications/index.ts';
import { programmeSettings } from '../../lib/programme-settings.ts';

export type BloggerRow = typeof bloggers.$inferSelect;

export async function findBloggerByUser(db: Database, userId: number): Promise<BloggerRow | undefined> {
  const [row] = await db.select().from(bloggers).where(eq(bloggers.userId, userId));
  return row;
}

export async function findApprovedByPromo(db: Database, code: string): Promise<BloggerRow | undefined> {
  const [row] = await db
    .select()
    .from(bloggers)
    .where(and(eq(bloggers.promoCode, code.toUpperCase()), eq(bloggers.status, 'approved')));
  return row;
}

export function toApplication(b: BloggerRow): BloggerApplication {
  return {
    id: b.id,
    status: b.status,
    platform: b.platform as BloggerApplication['platform'],
    url: b.url,
    followers: b.followers,
    topic: b.topic,
    promo_code: b.promoCode,
    contact: b.contact,
    moderator_comment: b.moderatorComment,
    reapply_after: b.reapplyAfter?.toISOString() ?? null,
    submitted_at: b.submittedAt.toISOString(),
    reviewed_at: b.reviewedAt?.toISOString() ?? null,
  };
}

/** Is this promo code free for `userId` to ask for (their own current code counts as free)? */
export async function promoAvailable(db: Database, code: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: bloggers.userId })
    .from(bloggers)
    .where(eq(bloggers.promoCode, code));
  return !row || row.userId === userId;
}

const promoTaken = () => new AppError(409, 'promo_taken', 'Промокод занят');

function applicationValues(body: BloggerApplicationBody) {
  return {
    platform: body.platform,
    url: body.url,
    followers: body.followers,
    topic: body.topic,
    promoCode: body.promo_code,
    contact: body.contact,
  };
}

/** A unique-violation on the promo code (two applicants racing for one) is the same 409. */
async function guardPromo<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const text = String(
      (err as { message?: string; cause?: { message?: string } }).cause?.message ?? (err as Error).message,
    );
    if (text.includes('bloggers_promo_code_unique') || text.includes('promo_code')) throw promoTaken();
    throw err;
  }
}

export async function submitApplication(db: Database, userId: number, body: BloggerApplicationBody) {
  const existing = await findBloggerByUser(db, userId);
  if (existing) {
    const reapply =
      existing.status === 'rejected' && existing.reapplyAfter !== null && existing.reapplyAfter <= new Date();
    if (!reapply) throw new AppError(409, 'application_exists', 'Заявка уже подана');
  }
  if (!(await promoAvailable(db, body.promo_code, userId))) throw promoTaken();
  return guardPromo(() =>
    db.transaction(async (tx) => {
      let row: typeof bloggers.$inferSelect | undefined;
      if (existing) {
        [row] = await tx
          .update(bloggers)
          .set({
            ...applicationValues(body),
            status: 'pending',
            moderatorComment: null,
            reapplyAfter: null,
            reviewedAt: null,
            submittedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(bloggers.id, existing.id))
          .returning();
      } else {
        [row] = await tx
          .insert(bloggers)
          .values({
            userId,
            ...applicationValues(body),
            commissionPercent: programmeSettings().bloggerCommissionPercent,
          })
          .returning();
      }
      // Staff who chose it hear of the application (a re-application is a new one).
      await alertStaff(
        tx,
        'blogger_application',
        `blogger_application:${row!.id}:${row!.submittedAt.toISOString()}`,
        `Новая заявка блогера: промокод ${row!.promoCode}.`,
      );
      return toApplication(row!);
    }),
  );
}

export async function updateApplication(db: Database, userId: number, body: BloggerApplicationBody) {
  const existing = await findBloggerByUser(db, userId);
  if (!existing) throw notFound('Заявка не найдена');
  if (existing.status !== 'pending' && existing.status !== 'changes_requested') {
    throw new AppError(409, 'conflict', 'Заявку можно изменить только пока она на модерации');
  }
  if (!(await promoAvailable(db, body.promo_code, userId))) throw promoTaken();
  return guardPromo(async () => {
    const [row] = await db
      .update(bloggers)
      .set({ ...applicationValues(body), status: 'pending', updatedAt: sql`now()` })
      .where(and(eq(bloggers.id, existing.id), inArray(bloggers.status, ['pending', 'changes_requested'])))
      .returning();
    if (!row) throw new AppError(409, 'conflict', 'Заявку можно изменить только пока она на модерации');
    return toApplication(row);
  });
}

export async function withdrawApplication(db: Database, userId: number) {
  const deleted = await db
    .delete(bloggers)
    .where(and(eq(bloggers.userId, userId), inArray(bloggers.status, ['pending', 'changes_requested'])))
    .returning({ id: bloggers.id });
  if (deleted.length === 0) throw new AppError(409, 'conflict', 'Отозвать можно только заявку на модерации');
  return { deleted: true as const };
}

export async function bloggerBalance(db: Database, bloggerId: number) {
  const [row] = await queryRows<{
    available: string | null;
    pending: string | null;
    paid: string | null;
    active: string | null;
  }>(
    db,
    sql`select
          (select sum(amount) from blogger_ledger where blogger_id = ${bloggerId} and status = 'posted') as available,
          (select sum(amount) from blogger_ledger where blogger_id = ${bloggerId} and status = 'pending') as pending,
          (select sum(amount) from blogger_payouts where blogger_id = ${bloggerId} and status = 'paid') as paid,
          (select sum(amount) from blogger_payouts where blogger_id = ${bloggerId} and status in ('pending', 'processing')) as active`,
  );
  return {
    available: Number(row?.available ?? 0),
    pending: Number(row?.pending ?? 0),
    paid_total: Number(row?.paid ?? 0),
    pending_payout: Number(row?.active ?? 0),
  };
}

export type LinkSettings = { botUsername: string | undefined; appName: string | undefined };
export const bloggerLink = (link: LinkSettings, promo: string) =>
  miniAppLink(link.botUsername ?? 'shop_bot', link.appName ?? 'shop', { blogger: promo });

export async function bloggerDashboard(
  db: Database,
  userId: number,
  link: LinkSettings,
): Promise<BloggerDashboard> {
  const s = programmeSettings();
  const b = await findBloggerByUser(db, userId);
  const balance = b
    ? await bloggerBalance(db, b.id)
    : { available: 0, pending: 0, paid_total: 0, pending_payout: 0 };
  const url = b ? bloggerLink(link, b.promoCode) : '';
  return {
    status: b?.status ?? 'none',
    user_id: userId,
    application: b ? toApplication(b) : null,
    blogger:
      b && b.status === 'approved'
        ? {
            promo_code: b.promoCode,
            link: url,
            commission_percent: b.commissionPercent,
            buyer_discount_percent: s.bloggerBuyerDiscountPercent,
            buyer_discount_cap: s.bloggerBuyerDiscountCap,
            erid: b.erid,
            caption: b.erid ? `Реклама. ${s.shopLegalName}, ИНН ${s.shopInn}. erid: ${b.erid}\n${url}` : null,
          }
        : null,
    balance,
    min_payout: s.bloggerMinPayout,
  };
}

export async function requireBlogger(db: Database, userId: number, approved = true): Promise<BloggerRow> {
  const b = await findBloggerByUser(db, userId);
  if (!b || (approved && b.status !== 'approved')) throw notFound('Вы ещё не партнёр магазина');
  return b;
}
