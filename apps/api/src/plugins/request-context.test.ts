// The request id (docs/operations.md): answered in X-Request-Id, on every log line of the request,
// stored on the outbox row the request wrote, and named by the worker when it sends that row.
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { placeAndPay, shopper } from '../test/console-kit.ts';
import { login, makeTelegramUser, testEnv } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../test/fake-bot-api.ts';
import requestContext, { currentRequestId, requestIdFrom, requestScopesOpen } from './request-context.ts';

type LogLine = Record<string, unknown> & { msg?: string };
const lines: LogLine[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

const owner = makeTelegramUser();
let database: DatabaseHandle;
let bot: FakeBotApi;
let app: FastifyInstance;

beforeAll(async () => {
  bot = await startFakeBotApi();
  database = await createTestDatabase();
  app = await buildApp({
    env: testEnv({
      adminTelegramIds: [owner.id],
      botApiRoot: bot.apiRoot,
      botCanSend: true,
      logLevel: 'info',
    }),
    database,
    logger: { stream: sink },
    authRateLimitPerMin: 100_000,
    jobs: false,
    bot: { outbox: { pollMs: 10 } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await bot.close();
});

describe('request id', () => {
  it('a new id per request, answered in X-Request-Id; a sane forwarded one is kept, a hostile one replaced', async () => {
    const one = await app.inject({ url: '/healthz' });
    const two = await app.inject({ url: '/healthz' });
    expect(one.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.headers['x-request-id']).not.toBe(one.headers['x-request-id']);

    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-7f3a9c21' } });
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a9c21');
    const hostile = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': `x"} {"level":60,"msg":"forged${'a'.repeat(80)}` },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a status change: its log lines, its outbox row and the worker that sends it share one id', async () => {
    const ownerAuth = await login(app, owner);
    const buyer = await shopper(app);
    const { orderId } = await placeAndPay(app, buyer);
    const requestId = 'status-change-0001';
    const moved = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: { authorization: ownerAuth, 'x-request-id': requestId },
      payload: { status: 'purchasing' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers['x-request-id']).toBe(requestId);

    const [row] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `order:${orderId}:status:purchasing`));
    expect(row).toMatchObject({ requestId });

    const sent = await waitFor(
      () => lines.find((l) => l.msg === 'notification sent' && l.notification === row!.id),
      'the worker log line',
    );
    expect(sent).toMatchObject({ requestId, job: 'outbox', kind: 'order.purchasing' });
    // Fastify's own lines of that request carry it as reqId.
    expect(lines.filter((l) => l.reqId === requestId).map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});

describe('request scope (decision 088)', () => {
  // The plugin alone, with routes that read the id after awaiting what the test releases.
  const scoped = Fastify({ logger: false, genReqId: requestIdFrom });
  const released = new Map<string, () => void>();
  const held = (name: string) => new Promise<void>((resolve) => released.set(name, resolve));
  let abandoned: ServerResponse | undefined;
  let seenAfterAbort: string | null | undefined;
  beforeAll(async () => {
    await scoped.register(requestContext);
    scoped.get('/hold/:name', async (request) => {
      await held((request.params as { name: string }).name);
      return { id: currentRequestId() ?? null };
    });
    scoped.post('/write', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { id: currentRequestId() ?? null };
    });
    scoped.post('/abandoned', async (_request, reply) => {
      abandoned = reply.raw;
      await held('abandoned');
      seenAfterAbort = currentRequestId() ?? null;
      return {};
    });
    scoped.get('/probe', { config: { requestScope: false } }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return { id: currentRequestId() ?? null };
    });
    await scoped.ready();
  });
  afterAll(() => scoped.close());

  it("a request answered while another is in flight does not take the other one's id away", async () => {
    const first = scoped.inject({ url: '/hold/a', headers: { 'x-request-id': 'first-request-1' } });
    await waitFor(() => released.get('a'), 'the first request to wait');
    expect(requestScopesOpen()).toBe(1);
    const second = await scoped.inject({
      method: 'POST',
      url: '/write',
      headers: { 'x-request-id': 'second-request-2' },
    });
    expect(second.json()).toEqual({ id: 'second-request-2' });
    released.get('a')!();
    expect((await first).json()).toEqual({ id: 'first-request-1' });
    await waitFor(() => requestScopesOpen() === 0 || undefined, 'every scope closed');
    expect(currentRequestId()).toBeUndefined();
  });

  it('a client that goes away does not take the id from its handler, still running', async () => {
    await scoped.listen({ port: 0, host: '127.0.0.1' });
    const { port } = scoped.server.address() as AddressInfo;
    const client = new AbortController();
    const sent = fetch(`http://127.0.0.1:${port}/abandoned`, {
      method: 'POST',
      headers: { 'x-request-id': 'abandoned-request-5' },
      signal: client.signal,
    }).catch(() => 'aborted');
    await waitFor(() => released.get('abandoned'), 'the handler to wait');
    client.abort();
    expect(await sent).toBe('aborted');
    await waitFor(() => abandoned?.closed, 'the server to see the client gone');
    released.get('abandoned')!();
    await waitFor(() => seenAfterAbort !== undefined, 'the handler to finish');
    expect(seenAfterAbort).toBe('abandoned-request-5');
    await waitFor(() => requestScopesOpen() === 0 || undefined, 'its scope closed');
  });

  it('a route with requestScope: false runs without one (and answers its id all the same)', async () => {
    const probe = await scoped.inject({ url: '/probe', headers: { 'x-request-id': 'probe-request-3' } });
    expect(probe.headers['x-request-id']).toBe('probe-request-3');
    expect(probe.json()).toEqual({ id: null });
    expect(requestScopesOpen()).toBe(0);
    // The next scoped request turns the storage back on.
    const write = await scoped.inject({
      method: 'POST',
      url: '/write',
      headers: { 'x-request-id': 'after-probe-4' },
    });
    expect(write.json()).toEqual({ id: 'after-probe-4' });
  });
});
