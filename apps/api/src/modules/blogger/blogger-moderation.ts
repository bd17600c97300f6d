// Moderation of blogger applications in the console (docs/product.md §13.4): approve with the
// commission and erid, reject with a reason (re-apply after 30 days), ask for changes. Each
// decision is audit-logged and tells the applicant through the bot, in the same transaction.
import { BLOGGER_STATUSES, type AdminBlogger, type BloggerStatus } from '@shop/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { bloggers, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { writeAudit } from '../staff/index.ts';
import { programmeSettings } from '../../lib/programme-settings.ts';
import { bloggerBalance, toApplication, type BloggerRow } from './blogger.repository.ts';

const REAPPLY_DAYS = 30;

const columns = {
  b: bloggers,
  telegramId: users.telegramId,
  firstName: users.firstName,
  username: users.username,
};

async function toAdmin(
  db: Database,
  r: { b: BloggerRow; telegramId: number; firstName: string; username: string | null },
): Promise<AdminBlogger> {
  return {
    ...toApplication(r.b),
    user: { id: r.b.userId, telegram_id: r.telegramId, first_name: r.firstName, username: r.username },
    commission_percent: r.b.commissionPercent,
    erid: r.b.erid,
    balance: await bloggerBalance(db, r.b.id),
  };
}

const query = (db: Database) =>
  db.select(columns).from(bloggers).innerJoin(users, eq(users.id, bloggers.userId));

export async function adminListBloggers(
  db: Database,
  q: { status?: BloggerStatus | undefined; cursor?: number | undefined; size: number },
) {
  const rows = await query(db)
    .where(
      and(
        q.status ? eq(bloggers.status, q.status) : undefined,
        q.cursor ? lt(bloggers.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(bloggers.id))
    .limit(q.size + 1);
  const items = await Promise.all(rows.slice(0, q.size).map((r) => toAdmin(db, r)));
  const countRows = await queryRows<{ status: BloggerStatus; n: string }>(
    db,
    sql`select status, count(*) as n from bloggers group by status`,
  );
  const counts = Object.fromEntries(BLOGGER_STATUSES.map((s) => [s, 0])) as Record<BloggerStatus, number>;
  for (const c of countRows) counts[c.status] = Number(c.n);
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
    counts,
  };
}

type Decision =
  | { to: 'approved'; commissionPercent?: number | undefined; erid?: string | undefined }
  | { to: 'rejected'; reason: string }
  | { to: 'changes_requested'; comment: string };

function decisionText(d: Decision, promo: string, percent: number): string {
  switch (d.to) {
    case 'approved':
      return `🎉 Заявка в партнёрскую программу одобрена! Ваш промокод ${promo}, комиссия ${percent} % с заказов подписчиков. Ссылка и статистика — в разделе «Партнёрская программа».`;
    case 'rejected':
      return `Заявка в партнёрскую программу отклонена: ${d.reason}. Подать заявку снова можно через ${REAPPLY_DAYS} дней.`;
    case 'changes_requested':
      return `По вашей заявке в партнёрскую программу нужны уточнения: ${d.comment}. Исправьте заявку в приложении.`;
  }
}

export async function decideApplication(
  db: Database,
  id: number,
  actor: number,
  d: Decision,
): Promise<AdminBlogger> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bloggers).where(eq(bloggers.id, id)).for('update');
    if (!current) throw notFound('Заявка не найдена');
    const allowed: Record<Decision['to'], BloggerStatus[]> = {
      approved: ['pending', 'changes_requested', 'suspended'],
      rejected: ['pending', 'changes_requested'],
      changes_requested: ['pending'],
    };
    if (!allowed[d.to].includes(current.status)) {
      throw new AppError(
        409,
        'invalid_transition',
        `Заявку в статусе «${current.status}» нельзя перевести в «${d.to}»`,
      );
    }
    const percent =
      d.to === 'approved'
        ? (d.commissionPercent ?? current.commissionPercent ?? programmeSettings().bloggerCommissionPercent)
        : current.commissionPercent;
    const [row] = await tx
      .update(bloggers)
      .set({
        status: d.to,
        commissionPercent: percent,
        ...(d.to === 'approved' && d.erid !== undefined ? { erid: d.erid } : {}),
        moderatorComment: d.to === 'rejected' ? d.reason : d.to === 'changes_requested' ? d.comment : null,
        reapplyAfter:
          d.to === 'rejected' ? sql`now() + interval '${sql.raw(String(REAPPLY_DAYS))} days'` : null,
        reviewedAt: sql`now()`,
        reviewedBy: actor,
        updatedAt: sql`now()`,
      })
      .where(eq(bloggers.id, id))
      .returning();
    await writeAudit(tx, {
      actorTelegramId: actor,
      action: `blogger.${d.to}`,
      entity: 'blogger',
      entityId: String(id),
      before: { status: current.status, commission_percent: current.commissionPercent, erid: current.erid },
      after: {
        status: row!.status,
        commission_percent: row!.commissionPercent,
        erid: row!.erid,
        comment: row!.moderatorComment,
      },
    });
    const [who] = await query(tx).where(eq(bloggers.id, id));
    await enqueueNotification(tx, {
      kind: `blogger.${d.to}`,
      dedupeKey: `blogger:${id}:${d.to}:${row!.reviewedAt?.getTime() ?? Date.now()}`,
      chatId: who!.telegramId,
      userId: row!.userId,
      text: decisionText(d, row!.promoCode, percent),
    });
    return toAdmin(tx, who!);
  });
}
