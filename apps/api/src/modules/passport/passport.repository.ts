// Passport data: sealed before it reaches the database, opened only here.
import type { PassportBody } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passports } from '../../db/schema/index.ts';
import { openForUser, sealForUser } from './passport-crypto.ts';

export type PassportData = Required<PassportBody>;

export async function savePassport(db: Database, key: Buffer, userId: number, data: PassportData) {
  const encrypted = sealForUser(key, userId, JSON.stringify(data));
  await db
    .insert(passports)
    .values({ userId, encrypted })
    .onConflictDoUpdate({ target: passports.userId, set: { encrypted, updatedAt: sql`now()` } });
}

export async function loadPassport(db: Database, key: Buffer, userId: number): Promise<PassportData | null> {
  const [row] = await db.select().from(passports).where(eq(passports.userId, userId));
  if (!row) return null;
  return JSON.parse(openForUser(key, userId, row.encrypted)) as PassportData;
}

export async function hasPassport(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: passports.userId })
    .from(passports)
    .where(eq(passports.userId, userId));
  return rows.length > 0;
}

/** Hides all but the edges of the identifying numbers. */
export function maskPassport(data: PassportData) {
  const keep = (value: string, tail: number) =>
    '*'.repeat(Math.max(0, value.length - tail)) + (tail > 0 ? value.slice(-tail) : '');
  return { ...data, series: keep(data.series, 0), number: keep(data.number, 2), inn: keep(data.inn, 2) };
}
