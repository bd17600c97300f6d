// Validation of Telegram Mini App init data, exactly as Telegram documents it: every field but
// `hash`, sorted, `key=value` lines joined by "\n", HMAC-SHA256 keyed by
// HMAC_SHA256("WebAppData", bot_token), compared in constant time. Fields are never allowlisted:
// which ones arrive depends on how the app was opened.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TelegramUser = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  photo_url?: string;
  /** The shopper let the bot write to them (absent in some launch modes: not a refusal). */
  allows_write_to_pm?: boolean;
};

export type ValidInitData = {
  user: TelegramUser | null;
  authDate: Date;
  startParam: string | null;
  fields: Map<string, string>;
};

export type InitDataFailure = 'malformed' | 'missing_hash' | 'bad_signature' | 'expired' | 'bad_user';

export class InitDataError extends Error {
  constructor(
    readonly reason: InitDataFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InitDataError';
  }
}

export type ValidateOptions = {
  /** Maximum age of `auth_date` in seconds; 0 disables the check (only for fixed test vectors). */
  maxAgeS: number;
  now?: Date;
};

/** Clock skew tolerated for an `auth_date` in the future. */
const FUTURE_SKEW_S = 300;

export function secretKeyFor(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

export function dataCheckString(fields: Map<string, string>): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

function parseFields(raw: string): Map<string, string> {
  const fields = new Map<string, string>();
  if (!raw.includes('=')) throw new InitDataError('malformed', 'Init data is not a query string');
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    throw new InitDataError('malformed', 'Init data is not a query string');
  }
  for (const [key, value] of params) {
    if (fields.has(key)) throw new InitDataError('malformed', `Init data repeats the field ${key}`);
    fields.set(key, value);
  }
  return fields;
}

function parseUser(json: string | undefined): TelegramUser | null {
  if (json === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new InitDataError('bad_user', 'Init data user is not JSON');
  }
  const user = value as Partial<TelegramUser> | null;
  if (
    !user ||
    typeof user !== 'object' ||
    typeof user.id !== 'number' ||
    !Number.isSafeInteger(user.id) ||
    user.id <= 0 ||
    typeof user.first_name !== 'string'
  ) {
    throw new InitDataError('bad_user', 'Init data user has no valid id and first_name');
  }
  return user as TelegramUser;
}

export function validateInitData(raw: string, botToken: string, options: ValidateOptions): ValidInitData {
  const fields = parseFields(raw);
  const hash = fields.get('hash');
  if (!hash) throw new InitDataError('missing_hash', 'Init data has no hash');
  if (!/^[0-9a-f]{64}$/i.test(hash)) throw new InitDataError('bad_signature', 'Init data hash is not valid');

  const authDateText = fields.get('auth_date');
  if (!authDateText || !/^\d{1,12}$/.test(authDateText)) {
    throw new InitDataError('malformed', 'Init data has no valid auth_date');
  }

  const expected = createHmac('sha256', secretKeyFor(botToken)).update(dataCheckString(fields)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) {
    throw new InitDataError('bad_signature', 'Init data signature is not valid');
  }

  const authDateS = Number(authDateText);
  if (options.maxAgeS > 0) {
    const nowS = Math.floor((options.now ?? new Date()).getTime() / 1000);
    if (nowS - authDateS > options.maxAgeS) throw new InitDataError('expired', 'Init data has expired');
    if (authDateS - nowS > FUTURE_SKEW_S)
      throw new InitDataError('expired', 'Init data is dated in the future');
  }

  return {
    user: parseUser(fields.get('user')),
    authDate: new Date(authDateS * 1000),
    startParam: fields.get('start_param') ?? null,
    fields,
  };
}
