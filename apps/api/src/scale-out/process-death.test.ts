// Process death (DESIGN §11, docs/operations.md): the real server (a child process running
// src/server.ts, as `npm start` does) on PostgreSQL takes concurrent orders, sandbox payment
// notifications and console status changes (each with its outbox row), is killed with SIGKILL
// while they are in flight, is started again, and every request is replayed as a client would
// (same Idempotency-Keys). Afterwards nothing is lost and nothing is doubled: one order per key,
// stock equal to what the live orders hold, one payment per paid order, one history row per
// status reached, one outbox row per announced status. PostgreSQL only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import { orders, payments } from '../db/schema/index.ts';
import { makeTelegramUser, signInitData, TEST_BOT_TOKEN } from '../test/app.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/database.ts';
import { startFakeBotApi, type FakeBotApi } from '../test/fake-bot-api.ts';
import { ADDRESS, insertProduct, PASSPORT } from '../test/fixtures.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

const owner = makeTelegramUser();
const STOCK = 200;

let database: DatabaseHandle & { url?: string };
let bot: FakeBotApi;
let dataDir: string;
let server: ServerProcess | undefined;

async function startServer() {
  server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_API_ROOT: bot.apiRoot,
    JWT_SECRET: 'process-death-jwt-secret-0123456789abcdef',
    DATA_KEY: 'ab'.repeat(32),
    ADMIN_TELEGRAM_IDS: String(owner.id),
    DEV_LOGIN: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  });
  return server;
}

function kill(): Promise<void> {
  const s = server!;
  server = undefined;
  return s.stop('SIGKILL');
}

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; headers?: Record<string, string>; body?: unknown };
type Answer = { status: number; body: string } | { error: string };

async function call(c: Call): Promise<Answer> {
  try {
    const res = await fetch(`${server!.base}${c.url}`, {
      method: c.method,
      headers: {
        ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...c.headers,
      },
      body: c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
      redirect: 'manual',
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

async function ok(c: Call, status = [200, 201]): Promise<unknown> {
  const a = await call(c);
  if (!('status' in a) || !status.includes(a.status))
    throw new Error(`${c.method} ${c.url}: ${JSON.stringify(a)}`);
  return a.body ? JSON.parse(a.body) : undefined;
}

async function signIn(user = makeTelegramUser()) {
  const res = (await ok({
    method: 'POST',
    url: '/api/v1/tg/auth',
    body: { initData: signInitData(user), initDataUnsafe: {} },
  })) as { result: string };
  return `Bearer ${res.result}`;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(database.db, query))[0]!.n);

describe.skipIf(!testDatabaseUrl())('the server killed with SIGKILL mid-way', () => {
  beforeAll(async () => {
    bot = await startFakeBotApi();
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-death-'));
  });
  afterAll(async () => {
    if (server) await kill();
    await database?.close();
    await bot?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no order, payment, history or outbox row, and doubles none, after a restart and a replay', async () => {
    await startServer();
    const { product, variants } = await insertProduct(database.db, {
      variants: [{ qty: STOCK, price: 1200 }, { qty: STOCK, price: 3400 }, { qty: STOCK }],
    });
    const ownerAuth = await signIn(owner);
    const shoppers: { authorization: string; deliveryId: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const authorization = await signIn();
      await ok({ method: 'PUT', url: '/api/v1/passport', headers: { authorization }, body: PASSPORT });
      const address = (await ok({
        method: 'POST',
        url: '/api/v1/delivery',
        headers: { authorization },
        body: ADDRESS,
      })) as { result: { id: number } };
      shoppers.push({ authorization, deliveryId: address.result.id });
    }
    const placeCall = (
      s: (typeof shoppers)[number],
      key: string,
      variant: number,
      quantity: number,
    ): Call => ({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: s.authorization, 'idempotency-key': key },
      body: {
        items: [{ product_id: product.id, variant_id: variants[variant]!.id, quantity }],
        delivery_id: s.deliveryId,
      },
    });

    // Before the crash: one order per shopper; the first six get payment links, three of them paid.
    const first: number[] = [];
    const payPaths: string[] = [];
    for (const [i, s] of shoppers.entries()) {
      const placed = (await ok(placeCall(s, `death-first-${i}`, i % 3, 1))) as { result: { id: number } };
      first.push(placed.result.id);
      if (i < 6) {
        const link = (await ok({
          method: 'GET',
          url: `/api/v1/order/payment_url/${placed.result.id}`,
          headers: { authorization: s.authorization },
        })) as { result: { url: string } };
        payPaths.push(new URL(link.result.url).pathname);
      }
    }
    const payCall = (p: string): Call => ({
      method: 'POST',
      url: `${p}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    for (const p of payPaths.slice(0, 3)) await ok(payCall(p), [303]);
    const paidFirst = first.slice(0, 3);

    // In flight when the process dies: new orders, payments, and console status changes.
    const statusCall = (orderId: number): Call => ({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth },
      body: { status: 'purchasing', comment: 'Выкупаем' },
    });
    const burst: Call[] = [
      ...shoppers.flatMap((s, i) => [
        placeCall(s, `death-burst-${i}-a`, (i + 1) % 3, 2),
        placeCall(s, `death-burst-${i}-b`, (i + 2) % 3, 1),
      ]),
      ...payPaths.slice(3).map(payCall),
      ...paidFirst.map(statusCall),
    ];
    let answered = 0;
    const inFlight = burst.map((c) =>
      call(c).then((a) => {
        answered += 1;
        return a;
      }),
    );
    // Kill once a few answers are back: the rest are mid-way.
    while (answered < 4) await new Promise((resolve) => setTimeout(resolve, 2));
    await kill();
    const before = await Promise.all(inFlight);
    const interrupted = before.filter((a) => 'error' in a).length;
    console.log(
      `${burst.length} requests in flight: ${burst.length - interrupted} answered, ${interrupted} cut off by SIGKILL`,
    );
    expect(interrupted, 'requests cut off by the kill').toBeGreaterThan(0);

    // Restarted (another port, same database); the clients try again with the same keys.
    await startServer();
    const replayed = await Promise.all(burst.map(call));
    for (const [i, a] of replayed.entries()) {
      const c = burst[i]!;
      expect('status' in a, `${c.url}: ${JSON.stringify(a)}`).toBe(true);
      const { status, body } = a as { status: number; body: string };
      if (c.url.startsWith('/api/v1/order')) expect([200, 201], body).toContain(status);
      else if (c.url.includes('/status')) {
        // Done before the crash: now an invalid move from `purchasing` to itself.
        expect([200, 409], body).toContain(status);
      } else expect([303, 409], body).toContain(status);
    }

    // One order per key, none lost.
    const keys = [
      ...shoppers.map((_, i) => `death-first-${i}`),
      ...shoppers.flatMap((_, i) => [`death-burst-${i}-a`, `death-burst-${i}-b`]),
    ];
    const placed = await database.db.select().from(orders).where(inArray(orders.idempotencyKey, keys));
    expect(placed).toHaveLength(keys.length);

    // Stock: what the variants lost is exactly what the live orders hold.
    const held = await queryRows<{ variant_id: number; qty: number }>(
      database.db,
      sql`select oi.variant_id, sum(oi.quantity)::int as qty from order_items oi
          join orders o on o.id = oi.order_id
          where o.status <> 'canceled' and oi.variant_id in (${sql.join(
            variants.map((v) => sql`${v.id}`),
            sql`, `,
          )})
          group by oi.variant_id`,
    );
    const left = await queryRows<{ id: number; qty: number }>(
      database.db,
      sql`select id, qty from variants where product_id = ${product.id}`,
    );
    for (const v of variants) {
      const h = held.find((r) => Number(r.variant_id) === v.id)?.qty ?? 0;
      expect(left.find((r) => Number(r.id) === v.id)!.qty, `variant ${v.id}`).toBe(STOCK - Number(h));
    }

    // Six orders paid, each by one succeeded payment; the three moved on are `purchasing`.
    const paidIds = first.slice(0, 6);
    const rows = await database.db.select().from(orders).where(inArray(orders.id, paidIds));
    expect(rows.map((r) => r.status).sort()).toEqual([
      'paid',
      'paid',
      'paid',
      'purchasing',
      'purchasing',
      'purchasing',
    ]);
    const paidPayments = await database.db.select().from(payments).where(inArray(payments.orderId, paidIds));
    for (const id of paidIds) {
      expect(
        paidPayments.filter((p) => p.orderId === id && p.status === 'succeeded'),
        `order ${id}`,
      ).toHaveLength(1);
    }

    // History: each status reached once per order.
    expect(
      await count(sql`select count(*)::int as n from (
        select order_id, status from order_status_history group by order_id, status having count(*) > 1) d`),
    ).toBe(0);
    const allIds = placed.map((o) => o.id);
    expect(
      await count(
        sql`select count(*)::int as n from order_status_history where order_id in (${sql.join(
          allIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    ).toBe(keys.length + 6 + 3);

    // Outbox: one row per announced status of each of those orders.
    for (const id of paidFirst) {
      expect(
        await count(
          sql`select count(*)::int as n from notifications where order_id = ${id} and kind = 'order.purchasing'`,
        ),
      ).toBe(1);
    }
    expect(
      await count(sql`select count(*)::int as n from (
        select order_id, kind from notifications where order_id is not null
        group by order_id, kind having count(*) > 1) d`),
    ).toBe(0);
  }, 240_000);
});
