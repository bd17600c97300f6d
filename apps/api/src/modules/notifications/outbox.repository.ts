// The bot's transactional outbox (docs/product.md §12.4): the only writer of `notifications` and
// `bot_unreachable_chats`. Callers write a notification inside the transaction of the change it
// announces; the dedupe key makes a repeated write a no-op.
import {
  DEFAULT_OWNER_ALERTS,
  type AdminNotification,
  type OrderStatus,
  type StaffAlert,
} from '@shop/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { botUnreachableChats, notifications, orders, staff, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { currentRequestId } from '../../plugins/request-context.ts';
import { orderStatusText } from './order-messages.ts';

export type NotificationInput = {
  kind: string;
  dedupeKey: string;
  chatId: number;
  userId?: number | null;
  /** A message about an order gets the «Открыть заказ» button when it is sent. */
  orderId?: number | null;
  /** Any other message may carry one button opening the Mini App at `path` (built when sent). */
  button?: MessageButton | null;
  text: string;
  /** The API request that caused it; default: the request this code runs for, if any. */
  requestId?: string | null;
};

/** A Mini App button of a bot message: its text and the app path it opens (`/find/poizon?request=7`). */
export type MessageButton = { text: string; path: string };

export async function enqueueNotification(db: Database, input: NotificationInput): Promise<void> {
  await db
    .insert(notifications)
    .values({
      kind: input.kind,
      dedupeKey: input.dedupeKey,
      chatId: input.chatId,
      userId: input.userId ?? null,
      orderId: input.orderId ?? null,
      text: input.text,
      replyMarkup: input.button ?? null,
      requestId: input.requestId ?? currentRequestId() ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey });
}

/** Tells the order's shopper about a message concerning it (status change, refund). */
export async function notifyOrderShopper(
  db: Database,
  orderId: number,
  {
    kind,
    dedupeKey,
    text,
    button,
  }: { kind: string; dedupeKey: string; text: string; button?: MessageButton },
): Promise<void> {
  const [row] = await db
    .select({ userId: users.id, chatId: users.telegramId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  await enqueueNotification(db, {
    kind,
    dedupeKey,
    chatId: row.chatId,
    userId: row.userId,
    orderId,
    text,
    button: button ?? null,
  });
}

/** The status message of an order that has just entered `status` (once per order and status). */
export function notifyOrderStatus(
  db: Database,
  orderId: number,
  status: OrderStatus,
  extra: { trackingNumber?: string | null; comment?: string | null } = {},
): Promise<void> {
  return notifyOrderShopper(db, orderId, {
    kind: `order.${status}`,
    dedupeKey: `order:${orderId}:status:${status}`,
    text: orderStatusText(orderId, status, extra),
  });
}

/** An alert to every owner (a dead message, money for a canceled order); once per key and owner. */
export async function alertOwners(db: Database, key: string, text: string): Promise<void> {
  const owners = await db.select({ id: staff.telegramId }).from(staff).where(eq(staff.role, 'owner'));
  for (const owner of owners) await enqueueAlert(db, owner.id, key, text);
}

async function enqueueAlert(db: Database, chatId: number, key: string, text: string): Promise<void> {
  await enqueueNotification(db, {
    kind: 'alert',
    dedupeKey: `alert:${key}:${chatId}`,
    chatId,
    text: `⚠️ ${text}`,
  });
}

/**
 * A staff alert of kind `alert` (docs/product.md §12.4) to every staff member who chose it, in
 * their own chat, once per key and member; a member who never chose gets their role's defaults
 * (DEFAULT_OWNER_ALERTS for owners, nothing for the others).
 */
export async function alertStaff(db: Database, alert: StaffAlert, key: string, text: string): Promise<void> {
  const members = await db
    .select({ id: staff.telegramId, role: staff.role, alerts: staff.alerts })
    .from(staff);
  for (const m of members) {
    const chosen = m.alerts?.[alert] ?? (m.role === 'owner' && DEFAULT_OWNER_ALERTS.includes(alert));
    if (chosen) await enqueueAlert(db, m.id, key, text);
  }
}

const toAdminNotification = (n: typeof notifications.$inferSelect): AdminNotification => ({
  id: n.id,
  kind: n.kind,
  status: n.status,
  text: n.text,
  attempts: n.attempts,
  last_error: n.lastError,
  sent_at: n.sentAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

export async function listOrderNotifications(db: Database, orderId: number): Promise<AdminNotification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.orderId, orderId))
    .orderBy(desc(notifications.id));
  return rows.map(toAdminNotification);
}

/** The console's resend: a new outbox row with the same text and recipient. */
export async function resendNotification(db: Database, id: number): Promise<AdminNotification> {
  const [original] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!original) throw notFound('Сообщение не найдено');
  const [copy] = await db
    .insert(notifications)
    .values({
      kind: original.kind,
      dedupeKey: `resend:${id}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`,
      chatId: original.chatId,
      userId: original.userId,
      orderId: original.orderId,
      text: original.text,
    })
    .returning();
  // A resend is a deliberate retry: the chat gets another chance.
  await db.delete(botUnreachableChats).where(eq(botUnreachableChats.chatId, original.chatId));
  return toAdminNotification(copy!);
}

export async function isChatUnreachable(db: Database, chatId: number): Promise<boolean> {
  const [row] = await db
    .select({ chatId: botUnreachableChats.chatId })
    .from(botUnreachableChats)
    .where(eq(botUnreachableChats.chatId, chatId));
  return row !== undefined;
}

export async function markChatUnreachable(db: Database, chatId: number, reason: string): Promise<void> {
  await db
    .insert(botUnreachableChats)
    .values({ chatId, reason })
    .onConflictDoUpdate({ target: botUnreachableChats.chatId, set: { reason, createdAt: sql`now()` } });
}

/** The shopper wrote to the bot (/start): it can reach them again. */
export async function markChatReachable(db: Database, chatId: number): Promise<void> {
  await db.delete(botUnreachableChats).where(eq(botUnreachableChats.chatId, chatId));
}
