// Staff and roles (docs/product.md §12.1): the only writer of `staff`. Owners named by ADMIN_TELEGRAM_IDS
// are written at start-up; the others are added and removed by owners in the console.
import {
  DEFAULT_OWNER_ALERTS,
  STAFF_ALERTS,
  type AdminStaffMember,
  type StaffAlerts,
  type StaffRole,
} from '@shop/contract';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staff, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { writeAudit } from './audit.repository.ts';

export type StaffMember = { telegramId: number; role: StaffRole; name: string | null };

/** Makes the env-named owners owners, and drops env owners no longer named (start-up). */
export async function syncEnvOwners(db: Database, telegramIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(staff)
      .where(
        and(
          eq(staff.fromEnv, true),
          telegramIds.length > 0 ? notInArray(staff.telegramId, [...telegramIds]) : undefined,
        ),
      );
    for (const telegramId of telegramIds) {
      await tx
        .insert(staff)
        .values({ telegramId, role: 'owner', fromEnv: true })
        .onConflictDoUpdate({
          target: staff.telegramId,
          set: { role: 'owner', fromEnv: true, updatedAt: sql`now()` },
        });
    }
  });
}

/** The staff row of a signed-in user, re-read on every admin request. */
export async function findStaffByUserId(db: Database, userId: number): Promise<StaffMember | undefined> {
  const [row] = await db
    .select({ telegramId: staff.telegramId, role: staff.role, firstName: users.firstName })
    .from(users)
    .innerJoin(staff, eq(staff.telegramId, users.telegramId))
    .where(eq(users.id, userId));
  return row && { telegramId: row.telegramId, role: row.role, name: row.firstName };
}

export async function ownerTelegramIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: staff.telegramId }).from(staff).where(eq(staff.role, 'owner'));
  return rows.map((r) => r.id);
}

const memberColumns = {
  telegramId: staff.telegramId,
  role: staff.role,
  fromEnv: staff.fromEnv,
  createdAt: staff.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

type MemberRow = {
  telegramId: number;
  role: StaffRole;
  fromEnv: boolean;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
};

const toMember = (r: MemberRow): AdminStaffMember => ({
  telegram_id: r.telegramId,
  role: r.role,
  name: r.firstName ? [r.firstName, r.lastName].filter(Boolean).join(' ') : null,
  username: r.username,
  from_env: r.fromEnv,
  created_at: r.createdAt.toISOString(),
});

export async function listStaff(db: Database): Promise<AdminStaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(staff)
    .leftJoin(users, eq(users.telegramId, staff.telegramId))
    .orderBy(asc(staff.createdAt), asc(staff.telegramId));
  return rows.map(toMember);
}

async function findMember(db: Database, telegramId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(staff)
    .leftJoin(users, eq(users.telegramId, staff.telegramId))
    .where(eq(staff.telegramId, telegramId));
  return row && toMember(row);
}

const envOwnerLocked = () =>
  new AppError(409, 'conflict', 'Владелец из ADMIN_TELEGRAM_IDS меняется только в настройках сервера');

/** Adds a staff member or changes their role. */
export async function putStaff(
  db: Database,
  actorTelegramId: number,
  body: { telegram_id: number; role: StaffRole },
): Promise<AdminStaffMember> {
  // Nobody changes their own role (an owner demoting themselves by mistake, a member raising theirs).
  if (body.telegram_id === actorTelegramId) {
    throw new AppError(
      409,
      'conflict',
      'Свою роль изменить нельзя: попросите другого владельца',
      'telegram_id',
    );
  }
  await db.transaction(async (tx) => {
    const before = await findMember(tx, body.telegram_id);
    if (before?.from_env) throw envOwnerLocked();
    await tx
      .insert(staff)
      .values({ telegramId: body.telegram_id, role: body.role, addedBy: actorTelegramId })
      .onConflictDoUpdate({ target: staff.telegramId, set: { role: body.role, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actorTelegramId,
      action: before ? 'staff.role' : 'staff.add',
      entity: 'staff',
      entityId: String(body.telegram_id),
      before: before ? { role: before.role } : null,
      after: { role: body.role },
    });
  });
  return (await findMember(db, body.telegram_id))!;
}

export async function removeStaff(
  db: Database,
  actorTelegramId: number,
  telegramId: number,
): Promise<AdminStaffMember> {
  return db.transaction(async (tx) => {
    const before = await findMember(tx, telegramId);
    if (!before) throw notFound('Такого сотрудника нет');
    if (before.from_env) throw envOwnerLocked();
    if (telegramId === actorTelegramId) {
      throw new AppError(409, 'conflict', 'Нельзя удалить самого себя');
    }
    await tx.delete(staff).where(eq(staff.telegramId, telegramId));
    await writeAudit(tx, {
      actorTelegramId,
      action: 'staff.remove',
      entity: 'staff',
      entityId: String(telegramId),
      before: { role: before.role },
      after: null,
    });
    return before;
  });
}

/** A member's alerts as chosen, or their role's defaults (docs/product.md §12.4). */
export async function getAlerts(db: Database, telegramId: number): Promise<StaffAlerts> {
  const [row] = await db
    .select({ role: staff.role, alerts: staff.alerts })
    .from(staff)
    .where(eq(staff.telegramId, telegramId));
  if (!row) throw notFound('Такого сотрудника нет');
  return Object.fromEntries(
    STAFF_ALERTS.map((a) => [
      a,
      row.alerts?.[a] ?? (row.role === 'owner' && DEFAULT_OWNER_ALERTS.includes(a)),
    ]),
  ) as StaffAlerts;
}

/** Saves the alerts a member chose for themselves (every member may choose their own). */
export async function putAlerts(db: Database, telegramId: number, alerts: StaffAlerts): Promise<StaffAlerts> {
  await db.transaction(async (tx) => {
    const before = await getAlerts(tx, telegramId);
    await tx
      .update(staff)
      .set({ alerts, updatedAt: sql`now()` })
      .where(eq(staff.telegramId, telegramId));
    await writeAudit(tx, {
      actorTelegramId: telegramId,
      action: 'staff.alerts',
      entity: 'staff',
      entityId: String(telegramId),
      before,
      after: alerts,
    });
  });
  return getAlerts(db, telegramId);
}
