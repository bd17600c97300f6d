// The question thread of an order (issue 27; DESIGN §13): the only writer of `order_messages`.
// A shopper asks from the order («Задать вопрос по заказу») or by replying to the bot; every
// staff member who operates orders hears of it through the bot's outbox; a staff answer from the
// console goes to the shopper the same way, and both sides read the thread with the order.
import { roleCan, type OrderMessage } from '@shop/contract';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderMessages, orders, staff, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { writeAudit } from '../staff/index.ts';

export const ORDER_NOT_FOUND = 'Заказ не найден';

type Row = typeof orderMessages.$inferSelect;
const toMessage = (r: Row): OrderMessage => ({
  id: r.id,
  author: r.author,
  via: r.via,
  text: r.text,
  created_at: r.createdAt.toISOString(),
});

/** The order's shopper (user id and Telegram chat), or null when there is no such order. */
async function orderShopper(db: Database, orderId: number) {
  const [row] = await db
    .select({ userId: users.id, chatId: users.telegramId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** The thread, oldest first; 404 unless the order exists (and, for a shopper, is theirs). */
export async function listThread(db: Database, orderId: number, shopperId?: number): Promise<OrderMessage[]> {
  const owner = await orderShopper(db, orderId);
  if (!owner || (shopperId !== undefined && owner.userId !== shopperId)) throw notFound(ORDER_NOT_FOUND);
  const rows = await db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.id));
  return rows.map(toMessage);
}

const quote = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text);

/**
 * A shopper's question on their own order (404 for anyone else's): kept in the thread, and each
 * staff member who may operate orders is told in the bot, with the order's number and the text.
 */
export async function askAboutOrder(
  db: Database,
  orderId: number,
  shopperId: number,
  text: string,
  via: 'app' | 'bot' = 'app',
): Promise<OrderMessage> {
  return db.transaction(async (tx) => {
    const owner = await orderShopper(tx, orderId);
    if (!owner || owner.userId !== shopperId) throw notFound(ORDER_NOT_FOUND);
    const [row] = await tx
      .insert(orderMessages)
      .values({ orderId, author: 'shopper', via, text })
      .returning();
    const members = await tx.select({ telegramId: staff.telegramId, role: staff.role }).from(staff);
    for (const member of members.filter((m) => roleCan(m.role, 'operate'))) {
      await enqueueNotification(tx, {
        kind: 'order.question',
        dedupeKey: `order-message:${row!.id}:staff:${member.telegramId}`,
        chatId: member.telegramId,
        button: { text: 'Открыть заказ в консоли', path: `/admin/orders/${orderId}` },
        text: `Вопрос по заказу №${orderId}:\n${quote(text)}`,
      });
    }
    return toMessage(row!);
  });
}

/** A staff answer: kept in the thread and sent to the shopper by the bot (once per answer). */
export async function answerAboutOrder(
  db: Database,
  orderId: number,
  staffTelegramId: number,
  text: string,
): Promise<OrderMessage> {
  return db.transaction(async (tx) => {
    const owner = await orderShopper(tx, orderId);
    if (!owner) throw notFound(ORDER_NOT_FOUND);
    const [row] = await tx
      .insert(orderMessages)
      .values({ orderId, author: 'staff', via: 'console', staffTelegramId, text })
      .returning();
    await writeAudit(tx, {
      actorTelegramId: staffTelegramId,
      action: 'order.answer',
      entity: 'order',
      entityId: String(orderId),
      before: null,
      after: { message_id: row!.id, text },
    });
    await enqueueNotification(tx, {
      kind: 'order.answer',
      dedupeKey: `order-message:${row!.id}`,
      chatId: owner.chatId,
      userId: owner.userId,
      orderId,
      text: `${answerHeading(orderId)}\n${quote(text)}\n\nЧтобы ответить, ответьте на это сообщение.`,
    });
    return toMessage(row!);
  });
}

/** The first line of an answer in the bot; a reply to it is read back by its number. */
export const answerHeading = (orderId: number) => `Ответ магазина по заказу №${orderId}:`;

/**
 * A shopper's message to the bot, as a question about an order: the order named by the bot
 * message it replies to («…по заказу №123…»), else the order whose thread they last wrote in or
 * were answered in within 7 days. Null when there is no such order (the bot then says how to ask).
 */
export async function askFromBot(
  db: Database,
  telegramId: number,
  text: string,
  repliedText: string | undefined,
  now = new Date(),
): Promise<OrderMessage | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  if (!user) return null;
  const named = repliedText ? /заказу №(\d{1,10})/.exec(repliedText) : null;
  let orderId = named ? Number(named[1]) : undefined;
  if (orderId === undefined) {
    const [recent] = await db
      .select({ orderId: orderMessages.orderId })
      .from(orderMessages)
      .innerJoin(orders, eq(orders.id, orderMessages.orderId))
      .where(
        and(
          eq(orders.userId, user.id),
          gt(orderMessages.createdAt, new Date(now.getTime() - 7 * 86_400_000)),
        ),
      )
      .orderBy(desc(orderMessages.id))
      .limit(1);
    orderId = recent?.orderId;
  }
  if (orderId === undefined) return null;
  const trimmed = text.trim().slice(0, 1000);
  if (!trimmed) return null;
  try {
    return await askAboutOrder(db, orderId, user.id, trimmed, 'bot');
  } catch {
    return null;
  }
}
