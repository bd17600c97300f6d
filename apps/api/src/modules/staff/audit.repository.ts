// The admin audit log (docs/product.md §12.1): the only writer of `admin_audit_log`. Every admin write calls
// `writeAudit` inside its own transaction, so a rolled-back change leaves no entry.
import type { AdminAuditEntry } from '@shop/contract';
import { desc, eq, lt } from 'drizzle-orm';
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

/** Newest first; the cursor is the last id seen. */
export async function listAudit(
  db: Database,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<{ entries: AdminAuditEntry[]; cursor: string | null; more: boolean }> {
  let beforeId: number | undefined;
  if (cursor !== undefined) {
    beforeId = Number(cursor);
    // Ids are int4: a forged cursor past that range is a 400 here, not a database error (500).
    if (!Number.isSafeInteger(beforeId) || beforeId <= 0 || beforeId > 2_147_483_647) {
      throw badRequest('Некорректный курсор', 'cursor');
    }
  }
  const rows = await db
    .select({ entry: adminAuditLog, firstName: users.firstName, lastName: users.lastName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.telegramId, adminAuditLog.actorTelegramId))
    .where(beforeId === undefined ? undefined : lt(adminAuditLog.id, beforeId))
    .orderBy(desc(adminAuditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ entry, firstName, lastName }) => ({
      id: entry.id,
      actor:
        entry.actorTelegramId === null
          ? null
          : {
              telegram_id: entry.actorTelegramId,
              name: firstName ? [firstName, lastName].filter(Boolean).join(' ') : null,
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
