// The one place that reads the environment. Checked once at start-up; a bad or missing production
// setting stops the process with one line naming it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

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
};

export class EnvError extends Error {}

const REQUIRED_IN_PRODUCTION = ['BOT_TOKEN', 'JWT_SECRET', 'DATA_KEY'] as const;

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
  const dataDir = path.resolve(e.DATA_DIR);
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
  };
}
