// The one place that reads the environment. Checked once at start-up; a bad or missing production
// setting stops the process with one line naming it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { MediaSettings } from './modules/media/media-store.ts';

/** Made-up token for local development; never a real bot. Production must set BOT_TOKEN. */
export const DEV_BOT_TOKEN = '1234567890:DEV-made-up-token-not-a-real-bot-xx';

const flag = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BOT_TOKEN: z.string().min(10).optional(),
  BOT_USERNAME: z.string().optional(),
  APP_NAME: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  DEV_LOGIN: flag.optional(),
  AUTH_MAX_AGE_S: z.coerce.number().int().positive().default(3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  // Passport data key: 32 bytes as 64 hex characters or base64.
  DATA_KEY: z.string().min(1).optional(),
  ORDER_TTL_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** The shop's time zone: the console's days (dashboard, order dates). */
  SHOP_TIME_ZONE: z
    .string()
    .default('Europe/Moscow')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'SHOP_TIME_ZONE must be an IANA time zone such as Europe/Moscow'),
  /** The console's «мало»: a variant with fewer units on sale than this. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(1).max(100_000).default(3),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'yookassa']).default('sandbox'),
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3'),
  /** Public origin of the API (e.g. https://shop.example.com) for payment links; default: the request's. */
  PUBLIC_URL: z.string().url().optional(),
  /** Hosts whose images `/img/...` may fetch and resize (comma list); the shop's own always. */
  IMAGE_HOSTS: z.string().default(''),
  /** Seed the demo catalogue on start when the catalogue is empty (default: on, except in production). */
  SEED_DEMO: flag.optional(),
  /** Telegram user ids (comma list) of the shop's owners, written into `staff` at start-up. */
  ADMIN_TELEGRAM_IDS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((s) => !s.trim() || /^\d{1,16}$/.test(s.trim())),
      'a comma list of Telegram user ids',
    ),
  /** Bot API server (tests point it at a local fake). */
  BOT_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** Secret Telegram sends in X-Telegram-Bot-Api-Secret-Token with each webhook update. */
  BOT_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, '1–256 characters A-Z, a-z, 0-9, _ and -')
    .optional(),
  /** The sandbox provider in production marks orders paid without money: only when meant. */
  ALLOW_SANDBOX_PAYMENTS: flag.optional(),
  /** Proxies whose X-Forwarded-For is believed: a comma list of addresses/CIDRs, or `false`. */
  TRUST_PROXY: z.string().optional(),
  // The programmes' numbers (docs/product.md §13), with DESIGN §8's defaults.
  REFERRAL_REWARD_RUB: z.coerce.number().int().min(0).max(100_000).default(1000),
  REFERRAL_WELCOME_RUB: z.coerce.number().int().min(0).max(100_000).default(500),
  REFERRAL_MIN_ORDER_RUB: z.coerce.number().int().min(0).max(10_000_000).default(3000),
  REFERRAL_BIND_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(48),
  REFERRAL_MAX_REWARDS_PER_MONTH: z.coerce.number().int().min(0).max(100_000).default(20),
  BONUS_SPEND_CAP_PERCENT: z.coerce.number().int().min(0).max(99).default(30),
  BONUS_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  WELCOME_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  BONUS_RETURN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  BLOGGER_COMMISSION_PERCENT: z.coerce.number().int().min(1).max(20).default(5),
  BLOGGER_BUYER_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(50).default(5),
  BLOGGER_BUYER_DISCOUNT_CAP_RUB: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  BLOGGER_BINDING_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  BLOGGER_MIN_PAYOUT_RUB: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** The shop's legal name and INN for the ad caption («Реклама. {name}, ИНН {inn}. erid: …»). */
  SHOP_LEGAL_NAME: z.string().min(1).default('ИП Магазин'),
  SHOP_INN: z
    .string()
    .regex(/^\d{10}(\d{2})?$/, '10 or 12 digits')
    .default('000000000000'),
  /** Bearer token of `GET /metrics` (Prometheus); unset: the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Poizon data for find (docs/product.md §14): none, the shipped fixture (default outside production), or http. */
  POIZON_PROVIDER: z.enum(['none', 'fixture', 'http']).optional(),
  POIZON_API_URL: z.string().url().optional(),
  POIZON_API_KEY: z.string().min(1).optional(),
  /** Least time between two calls to the Poizon data API (its limit is about 0.5 requests/s). */
  POIZON_API_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Origins (comma list) the app's pictures may come from besides its own /img: the shop CDN. */
  CSP_IMG_ORIGINS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((s) => !s.trim() || /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(s.trim())),
      'a comma list of https origins',
    ),
  /** `off` computes every catalogue answer afresh instead of caching it (benchmarks of the queries). */
  CATALOG_CACHE: z.enum(['on', 'off']).default('on'),
  /** `off` answers facets and combined filters in SQL only, without the in-memory token index (decision 036). */
  CATALOG_TOKEN_INDEX: z.enum(['on', 'off']).default('on'),
  /**
   * `off`: the instance does not start describing catalogue pictures for search by photo when it
   * starts (catalogue writes still do). For benchmarks of catalogue reads on a freshly filled
   * database, whose million undescribed pictures would otherwise be described during the run.
   */
  PHOTO_INDEX_ON_START: z.enum(['on', 'off']).default('on'),
  /**
   * How long a first-screen page's HTML waits for each public catalogue answer it carries
   * (docs/decisions/033); an answer not ready by then is left to the app to fetch. Unset: the
   * default lives with the code that uses it (ANSWER_BUDGET_MS in modules/web/first-screen.ts).
   */
  FIRST_SCREEN_BUDGET_MS: z.coerce.number().int().min(0).max(5_000).optional(),
  /** `off` turns every rate limit off (benchmarks only; refused in production). */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Per signed-in shopper, per minute: every authenticated write (cart, favourites, addresses, orders…). */
  RATE_LIMIT_WRITES_PER_MIN: z.coerce.number().int().min(1).default(120),
  /** Per shopper (or per address when signed out), per minute: catalogue search and suggestions. */
  RATE_LIMIT_SEARCH_PER_MIN: z.coerce.number().int().min(1).default(120),
  /** Per shopper, per minute: search by photo (`/find/photo`). */
  RATE_LIMIT_PHOTO_PER_MIN: z.coerce.number().int().min(1).default(10),
  /** Per shopper, per minute: resolving a Poizon link (`/find/poizon/resolve`). */
  RATE_LIMIT_RESOLVE_PER_MIN: z.coerce.number().int().min(1).default(30),
  /** Per client address, per minute, where no user is known: sign-in (generous: carrier NAT). */
  RATE_LIMIT_SIGNIN_PER_MIN: z.coerce.number().int().min(1).default(600),
  /** Per client address, per minute: resized pictures not yet in the cache (`/img/...`). */
  RATE_LIMIT_IMAGES_PER_MIN: z.coerce.number().int().min(1).default(3000),
  /** Per shopper: orders awaiting payment at once (each reserves stock for the payment window). */
  RATE_LIMIT_UNPAID_ORDERS: z.coerce.number().int().min(1).default(5),
  /** Per shopper: units of goods in orders awaiting payment at once. */
  RATE_LIMIT_UNPAID_UNITS: z.coerce.number().int().min(1).default(200),
  /** What the limits' Redis keys start with: deployments (or test runs) sharing one Redis count apart. */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default('fastify-rate-limit-'),
  /** What this process does (docs/operations.md): `all` (default), `web` (HTTP, no jobs), `worker` (jobs, health and metrics only). */
  SHOP_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Where uploads, pictures and the resizer's cache live: DATA_DIR (`local`, default) or an S3-compatible bucket. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /**
   * Load shedding (@fastify/under-pressure): 503 + Retry-After past these; 0 turns a limit off. The
   * event-loop limit defaults to 1000 ms in production and off elsewhere (tests, development).
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
  PRESSURE_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  /** On SIGTERM, how long `/readyz` answers 503 while requests are still served, before the port closes. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * Traces (docs/operations.md): set, every request's spans (HTTP, Fastify, SQL) go to this OTLP/HTTP
   * collector (`/v1/traces` is added); unset, tracing is off and its code is never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('poizon-shop'),
  // Delivery and customs (docs/product.md §11.9, docs/decisions/047).
  /**
   * `cdek` (API v2), `fake` (the default outside production; refused in production) or `none`
   * (the default in production: no carrier prices, dates or points until CDEK is connected).
   */
  DELIVERY_PROVIDER: z.enum(['fake', 'cdek', 'none']).optional(),
  /** CDEK's API root; its shared test host is https://api.edu.cdek.ru/v2. */
  CDEK_API_URL: z.string().url().default('https://api.cdek.ru/v2'),
  CDEK_CLIENT_ID: z.string().min(1).optional(),
  CDEK_CLIENT_SECRET: z.string().min(1).optional(),
  /** The CDEK city code parcels leave from (44: Moscow). */
  CDEK_FROM_CITY_CODE: z.coerce.number().int().positive().default(44),
  /** Carried as `?secret=` by the webhook URL the shop subscribes with (CDEK sends no custom header). */
  CDEK_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, '16–128 characters A-Z, a-z, 0-9, _ and -')
    .optional(),
  /** Days of the China leg (purchase, the warehouse, the border), added to the carrier's. */
  DELIVERY_CHINA_DAYS_MIN: z.coerce.number().int().min(0).max(120).default(10),
  DELIVERY_CHINA_DAYS_MAX: z.coerce.number().int().min(0).max(120).default(18),
  /** Parcel weight per unit of goods, in grams (the catalogue has no weights). */
  DELIVERY_UNIT_WEIGHT_G: z.coerce.number().int().min(1).max(31_000).default(1000),
  /** The Central Bank's daily rates (XML); fetched through the safe fetch. */
  CBR_RATES_URL: z.string().url().default('https://www.cbr.ru/scripts/XML_daily.asp'),
  /** Roubles per euro when no fresh Central Bank rate is at hand. */
  CUSTOMS_EUR_RATE_FALLBACK: z.coerce.number().positive().max(100_000).default(100),
  /** A fetched rate older than this is not used (the fallback is). */
  CUSTOMS_RATE_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  botToken: string;
  botUsername: string | undefined;
  appName: string | undefined;
  jwtSecret: string;
  devLogin: boolean;
  authMaxAgeS: number;
  logLevel: string;
  redisUrl: string | undefined;
  webDist: string | undefined;
  /** 32-byte AES-256-GCM key for passport data. */
  dataKey: Buffer;
  orderTtlMin: number;
  /** IANA zone of the shop's days (SHOP_TIME_ZONE). */
  shopTimeZone: string;
  /** Fewer units than this is «мало» in the console's inventory (LOW_STOCK_THRESHOLD). */
  lowStockThreshold: number;
  paymentProvider: 'sandbox' | 'yookassa';
  yookassa: { shopId: string; secretKey: string; apiUrl: string } | undefined;
  publicUrl: string | undefined;
  imageHosts: string[];
  seedDemo: boolean;
  adminTelegramIds: number[];
  botApiRoot: string;
  botWebhookSecret: string | undefined;
  /** Messages go out only with a real BOT_TOKEN; with the made-up dev token they wait in the outbox. */
  botCanSend: boolean;
  /** Addresses/CIDRs of the reverse proxies in front of the API; false: clients connect directly. */
  trustProxy: false | string[];
  /** `GET /metrics` answers only with `Authorization: Bearer <this>`; undefined: 404. */
  metricsToken: string | undefined;
  /** The programmes' numbers (docs/product.md §13). */
  programmes: ProgrammeSettings;
  /** Where find's Poizon items come from (modules/find/poizon-provider.ts); absent means none. */
  poizon?: PoizonEnv;
  /** Extra img-src origins of the Content-Security-Policy (the shop CDN). */
  cspImgOrigins: string[];
  /** Abuse limits (docs/product.md §16); `enabled: false` only outside production. */
  rateLimits: RateLimitSettings;
  /** The catalogue read cache (docs/decisions/024; absent: on); off only to benchmark the queries. */
  catalogCache?: boolean;
  /** The per-instance token index of facets and combined filters (docs/decisions/036; absent: on). */
  catalogTokenIndex?: boolean;
  /** Describe undescribed catalogue pictures for search by photo at start (absent: on). */
  photoIndexOnStart?: boolean;
  /** FIRST_SCREEN_BUDGET_MS (absent: ANSWER_BUDGET_MS, 400 ms). */
  firstScreenBudgetMs?: number;
  /** SHOP_ROLE (absent: `all`). */
  role?: ShopRole;
  /** MEDIA_STORE and S3_* (absent: the local folder DATA_DIR). */
  media?: MediaSettings;
  /** SHUTDOWN_DELAY_MS (absent: 0). */
  shutdownDelayMs?: number;
  /** PRESSURE_* (absent: 1 s of event-loop delay, no memory limit). */
  pressure?: PressureLimits;
  /** Delivery and customs (absent: DEFAULT_DELIVERY_SETTINGS, the fake carrier). */
  delivery?: DeliverySettings;
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME (absent: no traces). */
  tracing?: TracingSettings;
};

export type TracingSettings = { endpoint: string; serviceName: string };

export type ShopRole = 'all' | 'web' | 'worker';

export type PressureLimits = {
  /** 0: no limit. */
  maxEventLoopDelayMs: number;
  /** 0: no limit. */
  maxHeapUsedBytes: number;
  /** 0: no limit. */
  maxRssBytes: number;
  sampleIntervalMs?: number;
};

export type DeliverySettings = {
  provider: 'fake' | 'cdek' | 'none';
  cdek?: { apiUrl: string; clientId: string; clientSecret: string } | undefined;
  fromCityCode: number;
  webhookSecret: string | undefined;
  chinaDaysMin: number;
  chinaDaysMax: number;
  unitWeightG: number;
  cbrRatesUrl: string;
  eurRateFallback: number;
  rateMaxAgeHours: number;
};

/** The settings' defaults (tests and tools that build an Env by hand). */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  provider: 'fake',
  fromCityCode: 44,
  webhookSecret: undefined,
  chinaDaysMin: 10,
  chinaDaysMax: 18,
  unitWeightG: 1000,
  cbrRatesUrl: 'https://www.cbr.ru/scripts/XML_daily.asp',
  eurRateFallback: 100,
  rateMaxAgeHours: 72,
};

export type RateLimitSettings = {
  enabled: boolean;
  writesPerMin: number;
  searchPerMin: number;
  photoPerMin: number;
  resolvePerMin: number;
  signInPerMin: number;
  imagesPerMin: number;
  /** Caps on what one shopper holds unpaid (not per minute; apply even with RATE_LIMITS=off). */
  unpaidOrders: number;
  unpaidUnits: number;
  /** The Redis key prefix of the counts (with REDIS_URL). */
  redisPrefix: string;
};

export type PoizonEnv = {
  provider: 'none' | 'fixture' | 'http';
  apiUrl?: string | undefined;
  apiKey?: string | undefined;
  minIntervalMs: number;
};

export type ProgrammeSettings = {
  referralReward: number;
  referralWelcome: number;
  referralMinOrder: number;
  referralBindWindowHours: number;
  referralMaxRewardsPerMonth: number;
  bonusSpendCapPercent: number;
  bonusTtlDays: number;
  welcomeTtlDays: number;
  bonusReturnTtlDays: number;
  bloggerCommissionPercent: number;
  bloggerBuyerDiscountPercent: number;
  bloggerBuyerDiscountCap: number;
  bloggerBindingDays: number;
  bloggerMinPayout: number;
  shopLegalName: string;
  shopInn: string;
};

/** DESIGN §8's defaults (tests and tools that build an Env by hand). */
export const DEFAULT_PROGRAMME_SETTINGS: ProgrammeSettings = {
  referralReward: 1000,
  referralWelcome: 500,
  referralMinOrder: 3000,
  referralBindWindowHours: 48,
  referralMaxRewardsPerMonth: 20,
  bonusSpendCapPercent: 30,
  bonusTtlDays: 365,
  welcomeTtlDays: 30,
  bonusReturnTtlDays: 90,
  bloggerCommissionPercent: 5,
  bloggerBuyerDiscountPercent: 5,
  bloggerBuyerDiscountCap: 1000,
  bloggerBindingDays: 180,
  bloggerMinPayout: 1000,
  shopLegalName: 'ИП Магазин',
  shopInn: '000000000000',
};

export class EnvError extends Error {}

const REQUIRED_IN_PRODUCTION = ['BOT_TOKEN', 'JWT_SECRET', 'DATA_KEY'] as const;

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * Parses TRUST_PROXY: `false`, or a comma list of IPv4/IPv6 addresses and CIDRs. Never "trust
 * everyone": with that, any client could pick its own address (rate limits, logs) by sending
 * X-Forwarded-For.
 */
export function parseTrustProxy(value: string): false | string[] {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  const entries = trimmed
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !IPV4.test(e) && !IPV6.test(e));
  if (entries.length === 0 || bad !== undefined) {
    throw new EnvError(
      `Invalid environment variable TRUST_PROXY: expected "false" or a comma list of proxy addresses/CIDRs${bad === undefined ? '' : `, got "${bad}"`}`,
    );
  }
  return entries;
}

/** Decodes DATA_KEY (64 hex characters or base64 of 32 bytes); undefined when malformed. */
export function parseDataKey(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : undefined;
}

/** A passport data key generated once per data directory (development only; production sets DATA_KEY). */
async function devDataKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'data-key');
  try {
    const existing = parseDataKey(await readFile(file, 'utf8'));
    if (existing) return existing;
  } catch {
    // first start: generate below
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

/** A JWT secret generated once per data directory, so dev sessions survive restarts. */
async function devJwtSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses and completes the environment. Throws EnvError with one line naming the problem. */
export async function loadEnv(source: NodeJS.ProcessEnv = process.env): Promise<Env> {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(
      `Invalid environment variable ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!e[name])
        throw new EnvError(`Missing environment variable ${name} (required when NODE_ENV=production)`);
    }
  }
  const { dataKey, deliveryProvider } = refuseInconsistent(e, isProduction);
  const dataDir = path.resolve(e.DATA_DIR);
  const trustProxy = e.TRUST_PROXY === undefined ? false : parseTrustProxy(e.TRUST_PROXY);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    botToken: e.BOT_TOKEN ?? DEV_BOT_TOKEN,
    botUsername: e.BOT_USERNAME,
    appName: e.APP_NAME,
    jwtSecret: e.JWT_SECRET ?? (await devJwtSecret(dataDir)),
    // Dev login is on by default outside production and can never be on in production.
    devLogin: !isProduction && (e.DEV_LOGIN ?? true),
    authMaxAgeS: e.AUTH_MAX_AGE_S,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    webDist: e.WEB_DIST,
    dataKey: dataKey ?? (await devDataKey(dataDir)),
    orderTtlMin: e.ORDER_TTL_MIN,
    shopTimeZone: e.SHOP_TIME_ZONE,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    paymentProvider: e.PAYMENT_PROVIDER,
    yookassa:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiUrl: e.YOOKASSA_API_URL }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    imageHosts: e.IMAGE_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO ?? !isProduction,
    adminTelegramIds: [
      ...new Set(
        e.ADMIN_TELEGRAM_IDS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ],
    botApiRoot: e.BOT_API_ROOT.replace(/\/+$/, ''),
    botWebhookSecret: e.BOT_WEBHOOK_SECRET,
    botCanSend: e.BOT_TOKEN !== undefined,
    trustProxy,
    programmes: {
      referralReward: e.REFERRAL_REWARD_RUB,
      referralWelcome: e.REFERRAL_WELCOME_RUB,
      referralMinOrder: e.REFERRAL_MIN_ORDER_RUB,
      referralBindWindowHours: e.REFERRAL_BIND_WINDOW_HOURS,
      referralMaxRewardsPerMonth: e.REFERRAL_MAX_REWARDS_PER_MONTH,
      bonusSpendCapPercent: e.BONUS_SPEND_CAP_PERCENT,
      bonusTtlDays: e.BONUS_TTL_DAYS,
      welcomeTtlDays: e.WELCOME_TTL_DAYS,
      bonusReturnTtlDays: e.BONUS_RETURN_TTL_DAYS,
      bloggerCommissionPercent: e.BLOGGER_COMMISSION_PERCENT,
      bloggerBuyerDiscountPercent: e.BLOGGER_BUYER_DISCOUNT_PERCENT,
      bloggerBuyerDiscountCap: e.BLOGGER_BUYER_DISCOUNT_CAP_RUB,
      bloggerBindingDays: e.BLOGGER_BINDING_DAYS,
      bloggerMinPayout: e.BLOGGER_MIN_PAYOUT_RUB,
      shopLegalName: e.SHOP_LEGAL_NAME,
      shopInn: e.SHOP_INN,
    },
    metricsToken: e.METRICS_TOKEN,
    poizon: {
      provider: e.POIZON_PROVIDER ?? (isProduction ? 'none' : 'fixture'),
      apiUrl: e.POIZON_API_URL,
      apiKey: e.POIZON_API_KEY,
      minIntervalMs: e.POIZON_API_MIN_INTERVAL_MS,
    },
    cspImgOrigins: e.CSP_IMG_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    catalogCache: e.CATALOG_CACHE === 'on',
    catalogTokenIndex: e.CATALOG_TOKEN_INDEX === 'on',
    photoIndexOnStart: e.PHOTO_INDEX_ON_START === 'on',
    firstScreenBudgetMs: e.FIRST_SCREEN_BUDGET_MS,
    role: e.SHOP_ROLE,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (isProduction ? 1000 : 0),
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_MB * 1024 * 1024,
      maxRssBytes: e.PRESSURE_MAX_RSS_MB * 1024 * 1024,
    },
    media:
      e.MEDIA_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : { kind: 'local' },
    delivery: deliverySettings(e, deliveryProvider),
    rateLimits: rateLimitSettings(e),
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
  };
}

type ParsedEnv = z.infer<typeof EnvSchema>;

/** The checks across variables that zod's per-variable schema cannot make; throws EnvError. */
function refuseInconsistent(e: ParsedEnv, isProduction: boolean) {
  const dataKey = e.DATA_KEY === undefined ? undefined : parseDataKey(e.DATA_KEY);
  if (e.DATA_KEY !== undefined && !dataKey) {
    throw new EnvError(
      'Invalid environment variable DATA_KEY: expected 32 bytes as 64 hex characters or base64',
    );
  }
  if (e.PAYMENT_PROVIDER === 'yookassa' && !(e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY)) {
    throw new EnvError(
      'Missing environment variable YOOKASSA_SHOP_ID or YOOKASSA_SECRET_KEY (required when PAYMENT_PROVIDER=yookassa)',
    );
  }
  if (isProduction) {
    if (!e.PUBLIC_URL) {
      throw new EnvError(
        'Missing environment variable PUBLIC_URL (required when NODE_ENV=production: payment links are built from it)',
      );
    }
    if (e.TRUST_PROXY === undefined) {
      throw new EnvError(
        'Missing environment variable TRUST_PROXY (required when NODE_ENV=production: the proxy addresses/CIDRs, or "false" without a proxy)',
      );
    }
    if (e.RATE_LIMITS === 'off') {
      throw new EnvError('RATE_LIMITS=off is for benchmarks only and is refused when NODE_ENV=production');
    }
    if (e.PAYMENT_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS) {
      throw new EnvError(
        'PAYMENT_PROVIDER=sandbox in production marks orders paid without money: set PAYMENT_PROVIDER=yookassa, or ALLOW_SANDBOX_PAYMENTS=1 if that is really meant',
      );
    }
  }
  const deliveryProvider = e.DELIVERY_PROVIDER ?? (isProduction ? 'none' : 'fake');
  if (isProduction && deliveryProvider === 'fake') {
    throw new EnvError('DELIVERY_PROVIDER=fake is a demo carrier and is refused when NODE_ENV=production');
  }
  if (deliveryProvider === 'cdek' && !(e.CDEK_CLIENT_ID && e.CDEK_CLIENT_SECRET)) {
    throw new EnvError(
      'Missing environment variable CDEK_CLIENT_ID or CDEK_CLIENT_SECRET (required when DELIVERY_PROVIDER=cdek)',
    );
  }
  if (e.DELIVERY_CHINA_DAYS_MAX < e.DELIVERY_CHINA_DAYS_MIN) {
    throw new EnvError(
      'Invalid environment variable DELIVERY_CHINA_DAYS_MAX: less than DELIVERY_CHINA_DAYS_MIN',
    );
  }
  if (e.POIZON_PROVIDER === 'http' && !e.POIZON_API_URL) {
    throw new EnvError('Missing environment variable POIZON_API_URL (required when POIZON_PROVIDER=http)');
  }
  if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) {
    throw new EnvError('Missing environment variable S3_BUCKET (required when MEDIA_STORE=s3)');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new EnvError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  return { dataKey, deliveryProvider };
}

function deliverySettings(e: ParsedEnv, provider: DeliverySettings['provider']): DeliverySettings {
  return {
    provider,
    cdek:
      e.CDEK_CLIENT_ID && e.CDEK_CLIENT_SECRET
        ? { apiUrl: e.CDEK_API_URL, clientId: e.CDEK_CLIENT_ID, clientSecret: e.CDEK_CLIENT_SECRET }
        : undefined,
    fromCityCode: e.CDEK_FROM_CITY_CODE,
    webhookSecret: e.CDEK_WEBHOOK_SECRET,
    chinaDaysMin: e.DELIVERY_CHINA_DAYS_MIN,
    chinaDaysMax: e.DELIVERY_CHINA_DAYS_MAX,
    unitWeightG: e.DELIVERY_UNIT_WEIGHT_G,
    cbrRatesUrl: e.CBR_RATES_URL,
    eurRateFallback: e.CUSTOMS_EUR_RATE_FALLBACK,
    rateMaxAgeHours: e.CUSTOMS_RATE_MAX_AGE_HOURS,
  };
}

function rateLimitSettings(e: ParsedEnv): RateLimitSettings {
  return {
    enabled: e.RATE_LIMITS === 'on',
    writesPerMin: e.RATE_LIMIT_WRITES_PER_MIN,
    searchPerMin: e.RATE_LIMIT_SEARCH_PER_MIN,
    photoPerMin: e.RATE_LIMIT_PHOTO_PER_MIN,
    resolvePerMin: e.RATE_LIMIT_RESOLVE_PER_MIN,
    signInPerMin: e.RATE_LIMIT_SIGNIN_PER_MIN,
    imagesPerMin: e.RATE_LIMIT_IMAGES_PER_MIN,
    unpaidOrders: e.RATE_LIMIT_UNPAID_ORDERS,
    unpaidUnits: e.RATE_LIMIT_UNPAID_UNITS,
    redisPrefix: e.RATE_LIMIT_REDIS_PREFIX,
  };
}
