// Builds the real application on a fresh database for API tests, and signs Telegram init data
// with a made-up bot token the way Telegram does.
import { sign } from '@tma.js/init-data-node';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEFAULT_DELIVERY_SETTINGS, DEFAULT_PROGRAMME_SETTINGS, type Env } from '../env.ts';
import type { TelegramUser } from '../modules/auth/init-data.ts';
import { createTestDatabase } from './database.ts';

export const TEST_BOT_TOKEN = '7000000001:TEST-made-up-token-for-tests-only_x';

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    nodeEnv: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    botToken: TEST_BOT_TOKEN,
    botUsername: 'test_shop_bot',
    appName: 'shop',
    jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
    devLogin: false,
    authMaxAgeS: 3600,
    logLevel: 'silent',
    redisUrl: undefined,
    webDist: '/nonexistent',
    dataKey: Buffer.from('0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'hex'),
    orderTtlMin: 30,
    shopTimeZone: 'Europe/Moscow',
    lowStockThreshold: 3,
    paymentProvider: 'sandbox',
    yookassa: undefined,
    publicUrl: undefined,
    imageHosts: [],
    seedDemo: false,
    adminTelegramIds: [],
    botApiRoot: 'http://127.0.0.1:9',
    botWebhookSecret: undefined,
    botCanSend: false,
    trustProxy: false,
    programmes: DEFAULT_PROGRAMME_SETTINGS,
    metricsToken: undefined,
    cspImgOrigins: [],
    // The demo carrier; the Central Bank is never asked from tests (nothing listens on port 9:
    // the rate falls back at once) unless a suite points it at its local fake.
    delivery: { ...DEFAULT_DELIVERY_SETTINGS, cbrRatesUrl: 'http://127.0.0.1:9/scripts/XML_daily.asp' },
    // The production defaults: suites that prove a limit rely on them; suites that hammer one
    // shopper on purpose (concurrency, hostile input) switch them off.
    rateLimits: {
      enabled: true,
      writesPerMin: 120,
      searchPerMin: 120,
      photoPerMin: 10,
      resolvePerMin: 30,
      signInPerMin: 600,
      imagesPerMin: 3000,
      unpaidOrders: 5,
      unpaidUnits: 200,
      redisPrefix: 'fastify-rate-limit-',
    },
    // Load shedding off, as buildTestApp has it: an app built straight from this env (buildApp) must
    // not answer 503 because the CI machine is busy (a 1 s event-loop delay under two suites at
    // once); the suite that proves shedding sets its own limits.
    pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 },
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export async function buildTestApp(
  overrides: Partial<Env> = {},
  {
    authRateLimitPerMin = 100_000,
    bot,
    jobs = false,
    database: shared,
    imageFetch,
    timeouts,
    pressure,
    deliveryProvider,
  }: {
    pressure?: BuildOptions['pressure'];
    timeouts?: BuildOptions['timeouts'];
    authRateLimitPerMin?: number;
    bot?: BuildOptions['bot'];
    /** Background jobs (background-jobs.ts): off unless a test asks for them. */
    jobs?: BuildOptions['jobs'];
    database?: DatabaseHandle;
    imageFetch?: BuildOptions['imageFetch'];
    /** A carrier the test drives (modules/delivery/fake-provider.ts) instead of the settings' one. */
    deliveryProvider?: BuildOptions['deliveryProvider'];
  } = {},
): Promise<TestApp> {
  // A second app on a `shared` database is a second API instance; the caller closes the database.
  const database = shared ?? (await createTestDatabase());
  const app = await buildApp({
    env: testEnv(overrides),
    database,
    logger: false,
    authRateLimitPerMin,
    jobs,
    ...(bot ? { bot } : {}),
    ...(imageFetch ? { imageFetch } : {}),
    ...(timeouts ? { timeouts } : {}),
    // No load shedding unless a test asks: a loaded machine's PGlite (same thread) delays the event
    // loop past production's 1 s.
    pressure: pressure ?? { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 },
    ...(deliveryProvider ? { deliveryProvider } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

let nextTelegramId = 500_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** A made-up Telegram user with a fresh id. */
export function makeTelegramUser(overrides: Partial<TelegramUser> = {}): TelegramUser {
  nextTelegramId += 1;
  return {
    id: nextTelegramId,
    first_name: 'Иван',
    last_name: 'Тестов',
    username: `user${nextTelegramId}`,
    language_code: 'ru',
    ...overrides,
  };
}

export function signInitData(
  user: TelegramUser | undefined,
  {
    token = TEST_BOT_TOKEN,
    authDate = new Date(),
    extra = {},
  }: { token?: string; authDate?: Date; extra?: Record<string, string> } = {},
): string {
  return sign(
    { ...(user ? { user } : {}), query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', signature: 'test', ...extra },
    token,
    authDate,
  );
}

/** Signs in a (new) shopper through the real route and returns the bearer header value. */
export async function login(app: FastifyInstance, user: TelegramUser = makeTelegramUser()): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tg/auth',
    payload: { initData: signInitData(user), initDataUnsafe: {} },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return `Bearer ${res.json<{ result: string }>().result}`;
}

/** A request as one signed-in shopper: `callAs(app)('POST', '/api/v1/cart', authorization, body)`. */
export const callAs =
  (app: FastifyInstance) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    authorization: string,
    payload?: object,
  ) =>
    app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
