// Requests for a manual Poizon quote (docs/product.md §14.3): the only writer of `find_requests`.
// new → in_progress → quoted → accepted | declined | rejected | expired; staff quote with the one
// price formula, the shopper hears it from the bot, accepting puts the item in the cart.
import {
  computeFindPrice,
  FIND_REQUEST_STATUSES,
  QUOTE_VALID_HOURS,
  type AdminFindRequest,
  type AdminFindRequestList,
  type AdminFindRequestsQuery,
  type CreateFindRequestBody,
  type Duty,
  type FindRequest,
  type FindRequestList,
  type FindRequestStatus,
  type QuoteFindRequestBody,
} from '@shop/contract';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findRequests, users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { addToCart } from '../cart/index.ts';
import { upsertHiddenProduct } from '../catalog/index.ts';
import { alertStaff, enqueueNotification } from '../notifications/index.ts';
import { writeAudit } from '../staff/index.ts';
import { getFindSettings } from './find-settings.repository.ts';

type Row = typeof findRequests.$inferSelect;

const invalidTransition = (message: string) => new AppError(409, 'invalid_transition', message);
const NOT_FOUND = 'Запрос не найден';

export function toFindRequest(r: Row): FindRequest {
  return {
    id: r.id,
    source: r.source,
    status: r.status,
    url: r.url,
    query: r.query,
    spu_id: r.spuId,
    size: r.size,
    color: r.color,
    price_cny: r.priceCny === null ? null : Number(r.priceCny),
    button: r.button,
    image_url: r.imageUrl,
    comment: r.comment,
    quote_rub: r.quoteRub,
    quote_breakdown: r.quoteBreakdown ?? null,
    quote_comment: r.quoteComment,
    quote_valid_until: r.quoteValidUntil?.toISOString() ?? null,
    quote_title: r.quoteTitle,
    quote_image_url: r.quoteImageUrl,
    quote_size: r.quoteSize,
    reject_reason: r.rejectReason,
    product_id: r.productId,
    variant_id: r.variantId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A page cursor (the last id seen); a forged one (not an int4 id) is a 400, never a database error. */
function pageCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const id = /^\d{1,10}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647))
    throw badRequest('Некорректный курсор, начните список заново', 'query.cursor');
  return id;
}

/** At most this many open requests per shopper (a spam guard). */
export const MAX_OPEN_REQUESTS = 20;

export async function createFindRequest(
  db: Database,
  userId: number,
  body: CreateFindRequestBody,
): Promise<FindRequest> {
  return db.transaction(async (tx) => {
    // One shopper's requests are created one after another (their user row locked), so concurrent
    // requests — from any number of API instances — cannot both see room under the cap.
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(findRequests)
      .where(
        and(eq(findRequests.userId, userId), inArray(findRequests.status, ['new', 'in_progress', 'quoted'])),
      );
    if ((open?.n ?? 0) >= MAX_OPEN_REQUESTS) {
      throw new AppError(409, 'conflict', `Открытых запросов может быть не больше ${MAX_OPEN_REQUESTS}`);
    }
    const [row] = await tx
      .insert(findRequests)
      .values({
        userId,
        source: body.source ?? 'link',
        url: body.url ?? null,
        query: body.query ?? null,
        spuId: body.spu_id ?? null,
        size: body.size ?? null,
        color: body.color ?? null,
        priceCny: body.price_cny ?? null,
        button: body.button ?? null,
        imageUrl: body.image_url ?? null,
        comment: body.comment ?? null,
      })
      .returning();
    await alertStaff(
      tx,
      'find_request',
      `find_request:${row!.id}`,
      `Новый запрос на поиск товара №${row!.id}.`,
    );
    return toFindRequest(row!);
  });
}

export async function listFindRequests(
  db: Database,
  userId: number,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<FindRequestList> {
  const before = pageCursor(cursor);
  const rows = await db
    .select()
    .from(findRequests)
    .where(and(eq(findRequests.userId, userId), before ? lt(findRequests.id, before) : undefined))
    .orderBy(desc(findRequests.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items: page.map(toFindRequest), cursor: more ? String(page[page.length - 1]!.id) : null, more };
}

/** One of the shopper's requests; anyone else's is 404 (not 403: its existence is not told). */
export async function getOwnFindRequest(
  db: Database,
  userId: number,
  id: number,
  lock = false,
): Promise<Row> {
  const q = db
    .select()
    .from(findRequests)
    .where(and(eq(findRequests.id, id), eq(findRequests.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const isLive = (r: Row, now: Date) => r.status === 'quoted' && !!r.quoteValidUntil && r.quoteValidUntil > now;

/**
 * Accepting a quote: the item becomes a hidden product (`find-<id>`, one variant at the quoted
 * price) and a cart line, in one transaction. Accepting twice answers the same line.
 */
export async function acceptFindRequest(db: Database, userId: number, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const r = await getOwnFindRequest(tx, userId, id, true);
    if (r.status === 'accepted' && r.productId && r.variantId) {
      return { request: toFindRequest(r), product_id: r.productId, variant_id: r.variantId };
    }
    if (r.status === 'quoted' && !isLive(r, now))
      throw invalidTransition('Цена устарела — запросите расчёт снова');
    if (r.status !== 'quoted') throw invalidTransition('Этот запрос нельзя принять');
    // The quote's title, picture and size name the cart line; else the request's own words.
    const size = r.quoteSize ?? r.size ?? null;
    const title =
      r.quoteTitle ?? r.query ?? (r.spuId ? `Товар Poizon ${r.spuId}` : `Товар Poizon по запросу №${r.id}`);
    const image = r.quoteImageUrl ?? (r.imageUrl?.startsWith('/media/') ? r.imageUrl : null);
    const sku = `find-${r.id}`;
    const { productId, variantIds } = await upsertHiddenProduct(tx, {
      spu: sku,
      source: 'find',
      title,
      brand: null,
      description: [r.url, r.comment, r.quoteComment].filter(Boolean).join('\n'),
      images: image ? [image] : [],
      article: null,
      variants: [
        { sku, title: size ? `${title}, ${size}` : title, size, color: r.color, price: r.quoteRub! },
      ],
    });
    const variantId = variantIds.get(sku)!;
    const line = await addToCart(tx, userId, { productId, variantId, quantity: 1 });
    const [updated] = await tx
      .update(findRequests)
      .set({ status: 'accepted', productId: line.product_id, variantId, updatedAt: sql`now()` })
      .where(eq(findRequests.id, id))
      .returning();
    return { request: toFindRequest(updated!), product_id: line.product_id, variant_id: variantId };
  });
}

const DECLINABLE: FindRequestStatus[] = ['new', 'in_progress', 'quoted', 'expired'];

export async function declineFindRequest(db: Database, userId: number, id: number): Promise<FindRequest> {
  return db.transaction(async (tx) => {
    const r = await getOwnFindRequest(tx, userId, id, true);
    if (r.status === 'declined') return toFindRequest(r);
    if (!DECLINABLE.includes(r.status)) throw invalidTransition('Этот запрос уже нельзя отменить');
    const [updated] = await tx
      .update(findRequests)
      .set({ status: 'declined', updatedAt: sql`now()` })
      .where(eq(findRequests.id, id))
      .returning();
    return toFindRequest(updated!);
  });
}

// ---------------------------------------------------------------- console

const adminSelect = {
  request: findRequests,
  user: {
    id: users.id,
    telegram_id: users.telegramId,
    first_name: users.firstName,
    username: users.username,
  },
};

const toAdmin = (r: { request: Row; user: AdminFindRequest['user'] }): AdminFindRequest => ({
  ...toFindRequest(r.request),
  user: r.user,
});

export async function listAdminFindRequests(
  db: Database,
  q: AdminFindRequestsQuery,
): Promise<AdminFindRequestList> {
  const before = pageCursor(q.cursor);
  const where: SQL[] = [];
  if (q.status?.length) where.push(inArray(findRequests.status, q.status));
  if (before) where.push(lt(findRequests.id, before));
  const rows = await db
    .select(adminSelect)
    .from(findRequests)
    .innerJoin(users, eq(users.id, findRequests.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(findRequests.id))
    .limit(q.limit + 1);
  const countRows = await db
    .select({ status: findRequests.status, n: sql<number>`count(*)::int` })
    .from(findRequests)
    .groupBy(findRequests.status);
  const counts = Object.fromEntries(FIND_REQUEST_STATUSES.map((s) => [s, 0])) as Record<
    FindRequestStatus,
    number
  >;
  for (const c of countRows) counts[c.status] = c.n;
  const page = rows.slice(0, q.limit);
  const more = rows.length > q.limit;
  return {
    items: page.map(toAdmin),
    cursor: more ? String(page[page.length - 1]!.request.id) : null,
    more,
    counts,
  };
}

async function lockForStaff(tx: Database, id: number) {
  const [row] = await tx
    .select(adminSelect)
    .from(findRequests)
    .innerJoin(users, eq(users.id, findRequests.userId))
    .where(eq(findRequests.id, id))
    .for('update', { of: findRequests });
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const formatRub = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;

export const quoteMessage = (id: number, rub: number, comment?: string | null, duty?: Duty | null) =>
  `Мы рассчитали стоимость по запросу №${id}: ${formatRub(rub)}. Цена действует ${QUOTE_VALID_HOURS} часа — добавьте товар в корзину в разделе «Мои запросы».${duty ? `\nПошлина ≈ ${formatRub(duty.amount)} — оплачивается при получении.` : ''}${comment ? `\n\n${comment}` : ''}`;

/** The bot's quote message opens the Mini App on the request (its row in «Мои запросы»). */
export const QUOTE_BUTTON_TEXT = 'Открыть';
export const findRequestPath = (id: number) => `/find/poizon?request=${id}`;

/** Staff quote: price from the formula and the current settings, valid 24 h, a bot message. */
export async function quoteFindRequest(
  db: Database,
  id: number,
  body: QuoteFindRequestBody,
  actorTelegramId: number,
  now = new Date(),
  /** The customs duty of goods worth so many roubles (modules/delivery), asked before the transaction. */
  dutyOf?: (goodsRub: number, weightKg: number) => Promise<Duty | null>,
): Promise<AdminFindRequest> {
  const preview = computeFindPrice(body.price_cny, body.weight_kg, await getFindSettings(db));
  const duty = dutyOf ? await dutyOf(preview.goods_rub, body.weight_kg) : null;
  return db.transaction(async (tx) => {
    const { request: r, user } = await lockForStaff(tx, id);
    if (!['new', 'in_progress', 'quoted', 'expired'].includes(r.status)) {
      throw invalidTransition('Этот запрос уже закрыт');
    }
    const breakdown = {
      ...computeFindPrice(body.price_cny, body.weight_kg, await getFindSettings(tx)),
      duty,
    };
    const validUntil = new Date(now.getTime() + QUOTE_VALID_HOURS * 3_600_000);
    const [updated] = await tx
      .update(findRequests)
      .set({
        status: 'quoted',
        priceCny: body.price_cny,
        quoteRub: breakdown.total_rub,
        quoteBreakdown: breakdown,
        quoteComment: body.comment || null,
        quoteValidUntil: validUntil,
        quotedBy: actorTelegramId,
        quoteTitle: body.title ?? null,
        quoteImageUrl: body.image_url ?? null,
        quoteSize: body.size ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(findRequests.id, id))
      .returning();
    await enqueueNotification(tx, {
      kind: 'find.quoted',
      dedupeKey: `find:${id}:quoted:${validUntil.getTime()}`,
      chatId: user.telegram_id,
      userId: user.id,
      text: quoteMessage(id, breakdown.total_rub, body.comment, duty),
      button: { text: QUOTE_BUTTON_TEXT, path: findRequestPath(id) },
    });
    await writeAudit(tx, {
      actorTelegramId,
      action: 'find_request.quote',
      entity: 'find_request',
      entityId: String(id),
      before: { status: r.status, quote_rub: r.quoteRub },
      after: {
        status: 'quoted',
        quote_rub: breakdown.total_rub,
        title: body.title ?? null,
        size: body.size ?? null,
      },
    });
    return toAdmin({ request: updated!, user });
  });
}

/** Staff: take into work (`in_progress`) or reject with a reason (and a bot message). */
export async function staffMoveFindRequest(
  db: Database,
  id: number,
  to: 'in_progress' | 'rejected',
  actorTelegramId: number,
  reason?: string,
): Promise<AdminFindRequest> {
  return db.transaction(async (tx) => {
    const { request: r, user } = await lockForStaff(tx, id);
    const from: FindRequestStatus[] =
      to === 'in_progress' ? ['new'] : ['new', 'in_progress', 'quoted', 'expired'];
    if (r.status === to) return toAdmin({ request: r, user });
    if (!from.includes(r.status)) throw invalidTransition('Этот запрос уже закрыт');
    const [updated] = await tx
      .update(findRequests)
      .set({
        status: to,
        rejectReason: to === 'rejected' ? (reason ?? null) : r.rejectReason,
        updatedAt: sql`now()`,
      })
      .where(eq(findRequests.id, id))
      .returning();
    if (to === 'rejected') {
      await enqueueNotification(tx, {
        kind: 'find.rejected',
        dedupeKey: `find:${id}:rejected`,
        chatId: user.telegram_id,
        userId: user.id,
        text: `К сожалению, не можем выкупить товар по запросу №${id}: ${reason ?? 'нет в наличии'}.`,
      });
    }
    await writeAudit(tx, {
      actorTelegramId,
      action: `find_request.${to}`,
      entity: 'find_request',
      entityId: String(id),
      before: { status: r.status },
      after: { status: to, reason: reason ?? null },
    });
    return toAdmin({ request: updated!, user });
  });
}

/**
 * Quotes whose 24 h have passed become `expired`, one row per transaction, claimed with
 * `FOR UPDATE SKIP LOCKED` so that several instances expire each quote once. Returns the ids.
 */
export async function expireFindQuotes(db: Database, now: Date, batch = 100): Promise<number[]> {
  const done: number[] = [];
  while (done.length < batch) {
    const id = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: findRequests.id })
        .from(findRequests)
        .where(and(eq(findRequests.status, 'quoted'), lt(findRequests.quoteValidUntil, now)))
        .orderBy(findRequests.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      await tx
        .update(findRequests)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(eq(findRequests.id, due.id));
      return due.id;
    });
    if (id === undefined) break;
    done.push(id);
  }
  return done;
}
