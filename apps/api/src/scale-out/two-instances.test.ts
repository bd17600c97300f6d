// Two API instances on one PostgreSQL behave as one shop (DESIGN §11, docs/operations.md): each
// instance has its own connection pool and runs every background job on a short period, both race
// for the same work, and each piece of work is done once. JWT and data keys are shared through
// the environment, as production requires. PostgreSQL only: embedded PGlite is one process.
//
// One entry of JOBS per background job. To add one (bonus expiry, quote expiry, …): seed due work
// through instance A (or the database), say when it is finished, and check it was done once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../db/client.ts';
import {
  bonusLedger,
  findRequests,
  importJobs,
  notifications,
  orders,
  orderStatusHistory,
  payments,
  refunds,
  users,
} from '../db/schema/index.ts';
import { enqueueImport } from '../modules/admin/import-jobs.ts';
import { shopper, type Shopper } from '../test/console-kit.ts';
import { demoCatalog } from '../modules/catalog/demo/demo-catalog.ts';
import { enqueueNotification } from '../modules/notifications/outbox.repository.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../test/app.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/database.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../test/fake-bot-api.ts';
import { startFakeYooKassa, type FakeYooKassa } from '../test/fake-yookassa.ts';
import { insertProduct, variantQty } from '../test/fixtures.ts';

const owner = makeTelegramUser();
let database: DatabaseHandle & { url?: string };
let secondPool: DatabaseHandle;
let bot: FakeBotApi;
let yookassa: FakeYooKassa;
let a: TestApp;
let b: TestApp;
let ownerAuth: string;

type Ctx = { a: TestApp; b: TestApp };
type JobCase<S> = {
  job: string;
  /** Creates due work; returns what `done` and `check` need. */
  seed(ctx: Ctx): Promise<S>;
  done(s: S): Promise<boolean>;
  check(s: S): Promise<void>;
};
const jobCase = <S>(c: JobCase<S>) => c as JobCase<unknown>;

const db = () => database.db;
const admin = (app: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: ownerAuth },
    ...(payload ? { payload } : {}),
  });

async function order(app: TestApp, s: Shopper, productId: number, variantId: number, quantity: number) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization: s.authorization, 'idempotency-key': `two-instances-${s.user.id}-${variantId}` },
    payload: {
      items: [{ product_id: productId, variant_id: variantId, quantity }],
      delivery_id: s.deliveryId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ result: { id: number } }>().result.id;
}

/** Signed-in shoppers (no passport or address needed): their Telegram and database ids. */
async function signedIn(app: TestApp, n: number) {
  const people = Array.from({ length: n }, () => makeTelegramUser());
  for (const p of people) await login(app.app, p);
  const rows = await db()
    .select({ id: users.id, telegramId: users.telegramId })
    .from(users)
    .where(
      inArray(
        users.telegramId,
        people.map((p) => p.id),
      ),
    );
  return people.map((p) => ({ chatId: p.id, userId: rows.find((r) => r.telegramId === p.id)!.id }));
}

type BonusState = { burnLots: number[]; warnLots: number[]; warnChats: number[]; keepLot: number };
type QuoteState = { due: number[]; live: number };

const JOBS: JobCase<unknown>[] = [
  jobCase({
    job: 'unpaid-order lapse: each order canceled once, its stock released once',
    async seed({ a }) {
      const { product, variants } = await insertProduct(a.app.db, { variants: [{ qty: 100 }] });
      const variantId = variants[0]!.id;
      const buyers = await Promise.all(Array.from({ length: 16 }, () => shopper(a.app)));
      const ids: number[] = [];
      for (const s of buyers) ids.push(await order(a, s, product.id, variantId, 3));
      expect(await variantQty(db(), variantId)).toBe(100 - 16 * 3);
      // Past ORDER_TTL_MIN (30 min here, so none lapses while the others are placed, however
      // slow the machine): both sweepers see them at once.
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(inArray(orders.id, ids));
      return { ids, variantId };
    },
    async done({ ids }: { ids: number[]; variantId: number }) {
      const rows = await db().select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
      return rows.every((r) => r.status === 'canceled');
    },
    async check({ ids, variantId }: { ids: number[]; variantId: number }) {
      expect(await variantQty(db(), variantId)).toBe(100);
      const history = await db()
        .select({ orderId: orderStatusHistory.orderId })
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, ids));
      // placed + canceled, once each.
      expect(history).toHaveLength(ids.length * 2);
    },
  }),
  jobCase({
    job: 'outbox worker: each message sent once',
    async seed() {
      const texts = Array.from({ length: 30 }, (_, i) => `Рассылка двух экземпляров ${i}`);
      await db().transaction(async (tx) => {
        for (const [i, text] of texts.entries()) {
          await enqueueNotification(tx, {
            kind: 'test',
            dedupeKey: `two-instances:${i}`,
            chatId: 930_000_000 + i,
            text,
          });
        }
      });
      return texts;
    },
    async done(texts: string[]) {
      const sent = new Set(bot.delivered().map((c) => String(c.body.text)));
      return texts.every((t) => sent.has(t));
    },
    async check(texts: string[]) {
      const delivered = bot
        .delivered()
        .map((c) => String(c.body.text))
        .filter((t) => texts.includes(t));
      expect(delivered).toHaveLength(texts.length);
      expect(new Set(delivered).size).toBe(texts.length);
    },
  }),
  jobCase({
    job: 'refunds sweeper: each pending refund asked about once, refunded once',
    async seed({ a }) {
      const keys: string[] = [];
      const orderIds: number[] = [];
      for (let i = 0; i < 6; i++) {
        const s = await shopper(a.app);
        const { product, variants } = await insertProduct(a.app.db, { variants: [{ price: 2000, qty: 5 }] });
        const orderId = await order(a, s, product.id, variants[0]!.id, 1);
        const link = await a.app.inject({
          url: `/api/v1/order/payment_url/${orderId}`,
          headers: { authorization: s.authorization },
        });
        expect(link.statusCode, link.body).toBe(200);
        const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
        const id = payment!.providerPaymentId!;
        yookassa.setStatus(id, 'succeeded');
        const hook = await a.app.inject({
          method: 'POST',
          url: '/api/v1/payment/webhook',
          payload: yookassa.notification(id),
        });
        expect(hook.json()).toEqual({ result: { outcome: 'paid' } });
        // The provider's answer to the refund is lost: the refund stays pending.
        yookassa.failRefunds = 1;
        const refund = await admin(a, 'POST', `/orders/${orderId}/refund`, { reason: 'Нет в наличии' });
        expect(refund.statusCode, refund.body).toBe(502);
        const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
        expect(row).toMatchObject({ status: 'pending' });
        keys.push(row!.idempotenceKey);
        orderIds.push(orderId);
      }
      // Old enough for both sweepers at once.
      await db()
        .update(refunds)
        .set({ updatedAt: sql`now() - interval '1 hour'` })
        .where(inArray(refunds.orderId, orderIds));
      return { keys, orderIds };
    },
    async done({ orderIds }: { keys: string[]; orderIds: number[] }) {
      const rows = await db().select().from(refunds).where(inArray(refunds.orderId, orderIds));
      return rows.every((r) => r.status === 'succeeded');
    },
    async check({ keys, orderIds }: { keys: string[]; orderIds: number[] }) {
      for (const key of keys) {
        const asked = yookassa.requests.filter(
          (r) => r.method === 'POST' && r.path === '/v3/refunds' && r.idempotenceKey === key,
        );
        // The call that failed, then one from one sweeper.
        expect(asked, key).toHaveLength(2);
      }
      expect(await db().select().from(refunds).where(inArray(refunds.orderId, orderIds))).toHaveLength(
        orderIds.length,
      );
    },
  }),
  jobCase({
    job: 'catalogue import job: run by one runner, every product written once',
    async seed() {
      const file = demoCatalog(500);
      const job = await enqueueImport(db(), file, owner.id);
      return { id: job.id, spus: file.products.map((p) => p.spu) };
    },
    async done({ id }: { id: number; spus: string[] }) {
      const [row] = await db().select().from(importJobs).where(eq(importJobs.id, id));
      return row?.status === 'done' || row?.status === 'failed';
    },
    async check({ id, spus }: { id: number; spus: string[] }) {
      const [row] = await db().select().from(importJobs).where(eq(importJobs.id, id));
      // A second runner on the same job would find the products written and count fewer created.
      expect(row).toMatchObject({ status: 'done', total: 500, done: 500, created: 500, updated: 0 });
      const [{ n }] = (await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from products where spu in (${sql.join(
          spus.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )) as [{ n: number }];
      expect(n).toBe(500);
    },
  }),
  jobCase({
    job: 'bonus expiry: each lot past expiry burnt once, each 7-day warning sent once',
    async seed({ a }) {
      const people = await signedIn(a, 12);
      const lot = (
        userId: number,
        amount: number,
        expiresAt: ReturnType<typeof sql>,
        key: string,
        tx: Pick<Database, 'insert'> = db(),
      ) =>
        tx
          .insert(bonusLedger)
          .values({ userId, kind: 'welcome', amount, status: 'available', expiresAt, idemKey: key })
          .returning({ id: bonusLedger.id })
          .then(([r]) => r!.id);
      const burnLots: number[] = [];
      const warnLots: number[] = [];
      for (const [i, p] of people.slice(0, 8).entries()) {
        // The lot and what was spent of it in one transaction: the instances' jobs are running and
        // must never see an expired lot without its spending.
        const id = await db().transaction(async (tx) => {
          const lotId = await lot(
            p.userId,
            500,
            sql`now() - interval '1 minute'`,
            `two-instances:burn:${i}`,
            tx,
          );
          // Half of them partly spent: only what is left (300) burns.
          if (i % 2 === 0) {
            await tx.insert(bonusLedger).values({
              userId: p.userId,
              kind: 'order_hold',
              amount: -200,
              status: 'spent',
              lotId,
              idemKey: `two-instances:spent:${i}`,
            });
          }
          return lotId;
        });
        burnLots.push(id);
      }
      const warned = people.slice(8);
      for (const [i, p] of warned.entries()) {
        warnLots.push(await lot(p.userId, 700, sql`now() + interval '3 days'`, `two-instances:warn:${i}`));
      }
      // Not due for either: a month left.
      const keepLot = await lot(
        people[0]!.userId,
        100,
        sql`now() + interval '30 days'`,
        'two-instances:keep',
      );
      return { burnLots, warnLots, warnChats: warned.map((p) => p.chatId), keepLot };
    },
    async done({ burnLots, warnChats }: BonusState) {
      const burns = await db()
        .select({ lotId: bonusLedger.lotId })
        .from(bonusLedger)
        .where(and(eq(bonusLedger.kind, 'expire'), inArray(bonusLedger.lotId, burnLots)));
      const chats = new Set(bot.delivered().map((c) => Number(c.body.chat_id)));
      return (
        new Set(burns.map((r) => r.lotId)).size === burnLots.length && warnChats.every((c) => chats.has(c))
      );
    },
    async check({ burnLots, warnLots, warnChats, keepLot }: BonusState) {
      const burns = await db()
        .select({ lotId: bonusLedger.lotId, amount: bonusLedger.amount, status: bonusLedger.status })
        .from(bonusLedger)
        .where(
          and(
            eq(bonusLedger.kind, 'expire'),
            inArray(bonusLedger.lotId, [...burnLots, ...warnLots, keepLot]),
          ),
        );
      // One burn row per expired lot, of what was left; none for the lots still running.
      expect(burns).toHaveLength(burnLots.length);
      for (const [i, id] of burnLots.entries()) {
        expect(burns.find((r) => r.lotId === id)).toEqual({
          lotId: id,
          amount: i % 2 === 0 ? -300 : -500,
          status: 'done',
        });
      }
      const queued = await db()
        .select({ chatId: notifications.chatId })
        .from(notifications)
        .where(and(eq(notifications.kind, 'bonus.expiring'), inArray(notifications.chatId, warnChats)));
      expect(queued).toHaveLength(warnChats.length);
      const sent = bot.delivered().filter((c) => warnChats.includes(Number(c.body.chat_id)));
      expect(sent).toHaveLength(warnChats.length);
      for (const c of sent) expect(String(c.body.text)).toMatch(/^У вас сгорит 700 бонусов /);
      const warnedAt = await db()
        .select({ id: bonusLedger.id, warnedAt: bonusLedger.warnedAt })
        .from(bonusLedger)
        .where(inArray(bonusLedger.id, [...warnLots, keepLot]));
      for (const r of warnedAt) expect(r.warnedAt === null, `lot ${r.id}`).toBe(r.id === keepLot);
    },
  }),
  jobCase({
    job: 'find quote expiry: each quote past its 24 h expired once, a live one kept',
    async seed({ a }) {
      const people = await signedIn(a, 10);
      const quoted = (userId: number, validUntil: ReturnType<typeof sql>) =>
        db()
          .insert(findRequests)
          .values({
            userId,
            source: 'search',
            status: 'quoted',
            query: 'Nike Dunk Low',
            quoteRub: 12_990,
            quoteValidUntil: validUntil,
          })
          .returning({ id: findRequests.id })
          .then(([r]) => r!.id);
      const due: number[] = [];
      for (const p of people.slice(1)) due.push(await quoted(p.userId, sql`now() - interval '1 minute'`));
      const live = await quoted(people[0]!.userId, sql`now() + interval '23 hours'`);
      return { due, live };
    },
    async done({ due }: QuoteState) {
      const rows = await db()
        .select({ status: findRequests.status })
        .from(findRequests)
        .where(inArray(findRequests.id, due));
      return rows.every((r) => r.status === 'expired');
    },
    async check({ due, live }: QuoteState) {
      const rows = await db()
        .select({ id: findRequests.id, status: findRequests.status, quoteRub: findRequests.quoteRub })
        .from(findRequests)
        .where(inArray(findRequests.id, [...due, live]));
      expect(rows).toHaveLength(due.length + 1);
      for (const r of rows) {
        expect(r).toEqual({ id: r.id, status: r.id === live ? 'quoted' : 'expired', quoteRub: 12_990 });
      }
      // Nothing else is written on expiry (no message, no ledger): each row's one status change is it.
    },
  }),
];

describe.skipIf(!testDatabaseUrl())('two API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    bot = await startFakeBotApi();
    yookassa = await startFakeYooKassa();
    database = await createTestDatabase();
    // Instance B has its own pool, as a second process would.
    secondPool = await openDatabase({ url: database.url!, maxConnections: 10 });
    const env = {
      adminTelegramIds: [owner.id],
      botApiRoot: bot.apiRoot,
      botCanSend: true,
      orderTtlMin: 30,
      paymentProvider: 'yookassa' as const,
      yookassa: { shopId: yookassa.shopId, secretKey: yookassa.secretKey, apiUrl: yookassa.apiUrl },
    };
    const options = {
      bot: { outbox: { pollMs: 10, leaseMs: 10_000, perSecond: 200 } },
      jobs: {
        unpaidOrdersEveryMs: 20,
        pendingRefundsEveryMs: 20,
        pendingRefundsOlderThanMs: 60_000,
        bonusExpiryEveryMs: 20,
        findQuotesEveryMs: 20,
      },
    };
    a = await buildTestApp(env, { ...options, database });
    b = await buildTestApp(env, { ...options, database: secondPool });
    ownerAuth = await login(a.app, owner);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await database?.close();
    await bot?.close();
    await yookassa?.close();
  });

  it('both instances run every job (the tokens of one are good on the other)', async () => {
    const s = await shopper(a.app);
    const onB = await b.app.inject({ url: '/api/v1/profile', headers: { authorization: s.authorization } });
    expect(onB.statusCode).toBe(200);
    expect(a.app.outboxWorker).toBeDefined();
    expect(b.app.outboxWorker).toBeDefined();
  });

  it.each(JOBS.map((c) => [c.job, c] as const))(
    '%s',
    async (_name, c) => {
      const state = await c.seed({ a, b });
      // The wait only bounds a hang: what the test checks is `c.check`. The import of 500 products
      // takes 4–5 s on a quiet machine and more than 20 s on CI's two cores shared by both Node
      // versions' suites, so the bound (and this test's own timeout) leave it minutes.
      await waitFor(() => c.done(state), c.job, 100_000);
      await c.check(state);
    },
    120_000,
  );
});
