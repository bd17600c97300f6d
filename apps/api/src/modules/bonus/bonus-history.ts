// The bonus history as the shopper reads it: one line per credit, per order (its holds on several
// lots together), per burn; newest first, cursor = the smallest ledger id of the last line.
import {
  BONUS_ENTRY_KIND_RU,
  type BonusEntry,
  type BonusEntryKind,
  type BonusEntryStatus,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

type Line = {
  id: number;
  kind: string;
  amount: string | number;
  status: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  order_id: number | null;
  note: string | null;
};

const KIND: Record<string, BonusEntryKind> = {
  welcome: 'welcome',
  referral_reward: 'referral_reward',
  order_hold: 'order_spend',
  order_refund: 'order_refund',
  blogger_convert: 'blogger_convert',
  expire: 'expire',
  adjust: 'adjust',
};

function title(kind: BonusEntryKind, orderId: number | null, note: string | null): string {
  const base = BONUS_ENTRY_KIND_RU[kind];
  if (orderId !== null && (kind === 'order_spend' || kind === 'order_refund')) return `${base} №${orderId}`;
  if (kind === 'referral_reward' && note) return `${base}: ${note}`;
  return base;
}

export async function bonusHistory(
  db: Database,
  userId: number,
  q: { cursor?: number | undefined; size: number; kind: 'all' | 'in' | 'out' },
) {
  const sign =
    q.kind === 'in' ? sql`and sum(amount) > 0` : q.kind === 'out' ? sql`and sum(amount) < 0` : sql``;
  const cursor = q.cursor ? sql`and min(id) < ${q.cursor}` : sql``;
  const rows = await queryRows<Line>(
    db,
    sql`select min(id) as id, kind, sum(amount) as amount, min(status) as status, min(created_at) as created_at,
               max(expires_at) as expires_at, max(order_id) as order_id, max(note) as note
        from bonus_ledger
        where user_id = ${userId}
        group by kind, case when kind = 'order_hold' then 'o' || order_id::text else 'r' || id::text end
        having true ${sign} ${cursor}
        order by min(id) desc
        limit ${q.size + 1}`,
  );
  const items: BonusEntry[] = rows.slice(0, q.size).map((r) => {
    const kind = KIND[r.kind] ?? 'adjust';
    const status = (r.status === 'done' ? 'spent' : r.status) as BonusEntryStatus;
    return {
      id: Number(r.id),
      kind,
      title: title(kind, r.order_id === null ? null : Number(r.order_id), r.note),
      amount: Number(r.amount),
      status: kind === 'expire' ? 'spent' : status,
      created_at: new Date(r.created_at).toISOString(),
      expires_at: Number(r.amount) > 0 && r.expires_at ? new Date(r.expires_at).toISOString() : null,
      order_id: r.order_id === null ? null : Number(r.order_id),
    };
  });
  return {
    items,
    more: rows.length > q.size,
    cursor: rows.length > q.size ? (items.at(-1)?.id ?? null) : null,
  };
}
