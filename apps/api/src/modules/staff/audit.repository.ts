// The admin audit log (docs/product.md §12.1): the only writer of `admin_audit_log`. Every admin write calls
// `writeAudit` inside its own transaction, so a rolled-back change leaves no entry.
import type { AdminAuditEntry, AdminAuditQuery } from '@shop/contract';
import { and, desc, eq, isNotNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminAuditLog, users } from '../../db/schema/index.ts';
import { badRequest } from '../../plugins/errors.ts';

export type AuditInput = {
  actorTelegramId: number | null;
  /** `<entity>.<verb>`, e.g. `order.status`. */
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** The change in one Russian sentence, naming what it changed. */
  summary?: string | null;
};

export async function writeAudit(db: Database, entry: AuditInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorTelegramId: entry.actorTelegramId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    summary: entry.summary ?? null,
  });
}

const personName = (firstName: string | null, lastName: string | null, username: string | null) =>
  firstName ? [firstName, lastName].filter(Boolean).join(' ') : username ? `@${username}` : null;

/** Everyone with an entry in the log (the «Кто» filter), by name. */
export async function listAuditActors(db: Database): Promise<{ telegram_id: number; name: string | null }[]> {
  const rows = await db
    .selectDistinct({
      telegramId: adminAuditLog.actorTelegramId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.telegramId, adminAuditLog.actorTelegramId))
    .where(isNotNull(adminAuditLog.actorTelegramId));
  return rows
    .map((r) => ({ telegram_id: r.telegramId!, name: personName(r.firstName, r.lastName, r.username) }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'ru') || a.telegram_id - b.telegram_id);
}

/** The log's filters as conditions; days are the shop's time zone (as the orders list's). */
function auditConditions(q: AdminAuditQuery, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (q.actor !== undefined) where.push(eq(adminAuditLog.actorTelegramId, q.actor));
  // `order.refund` is one kind; `order` is the whole family (`order.status`, `order.note`, …).
  if (q.action)
    where.push(
      q.action.includes('.')
        ? eq(adminAuditLog.action, q.action)
        : like(adminAuditLog.action, `${q.action}.%`),
    );
  if (q.entity) where.push(eq(adminAuditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(adminAuditLog.entityId, q.entity_id));
  if (q.from)
    where.push(sql`${adminAuditLog.createdAt} >= (${q.from}::date::timestamp at time zone ${timeZone})`);
  if (q.to)
    where.push(sql`${adminAuditLog.createdAt} < ((${q.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return where;
}

/** Newest first under the filters; the cursor is the last id seen. */
export async function listAudit(
  db: Database,
  query: AdminAuditQuery,
  timeZone: string,
): Promise<{ entries: AdminAuditEntry[]; cursor: string | null; more: boolean }> {
  const { cursor, limit } = query;
  let beforeId: number | undefined;
  if (cursor !== undefined) {
    beforeId = Number(cursor);
    // Ids are int4: a forged cursor past that range is a 400 here, not a database error (500).
    if (!Number.isSafeInteger(beforeId) || beforeId <= 0 || beforeId > 2_147_483_647) {
      throw badRequest('Некорректный курсор', 'cursor');
    }
  }
  const rows = await db
    .select({
      entry: adminAuditLog,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.telegramId, adminAuditLog.actorTelegramId))
    .where(
      and(
        ...auditConditions(query, timeZone),
        beforeId === undefined ? undefined : lt(adminAuditLog.id, beforeId),
      ),
    )
    .orderBy(desc(adminAuditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ entry, firstName, lastName, username }) => ({
      id: entry.id,
      actor:
        entry.actorTelegramId === null
          ? null
          : {
              telegram_id: entry.actorTelegramId,
              name: personName(firstName, lastName, username),
            },
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      summary: entry.summary,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    cursor: rows.length > limit ? String(page.at(-1)!.entry.id) : null,
    more: rows.length > limit,
  };
}
