// Shapes shared by every endpoint: the error envelope and the `{ result }` wrapper.
import { z } from 'zod';

export const ErrorCodeSchema = z.enum([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal',
  // Domain cases a client reacts to by code, never by message text (docs/product.md §8.2).
  'passport_required',
  'out_of_stock',
  'price_changed',
  'invalid_transition',
  'bad_gateway',
  'service_unavailable',
  // Programmes (docs/product.md §13).
  'bonus_over_cap',
  'bonus_over_balance',
  'promo_not_found',
  'promo_not_applicable',
  'promo_taken',
  'referral_not_allowed',
  'invite_locked',
  'application_exists',
  'payout_below_minimum',
  'payout_active_exists',
  'insufficient_funds',
  // Too many unpaid orders (or reserved units) held by one shopper (docs/product.md §16).
  'too_many_unpaid',
  // An order with nothing left to pay; a console write made on data that changed since it was read.
  'nothing_to_pay',
  'stale',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Dotted path of the offending field, for validation errors. */
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Every successful answer is `{ result: T }`, as the spec's calls read it. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

/** A positive database id in a path or query (rejects negatives, fractions and huge numbers). */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Links that come from stored data (a shopper's find request, a payout receipt, a blogger's
 * channel): only `https:` is stored and rendered (docs/product.md §16). Anything else with a
 * scheme — `javascript:`, `data:`, `vbscript:`, `file:`… — is refused; `http://` is upgraded.
 */
const URL_WITH_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// The contract compiles without DOM or Node types; browsers and Node both have the WHATWG URL.
declare const URL: new (input: string) => { protocol: string; hostname: string; toString(): string };
const SCRIPTABLE_SCHEME = /^\s*(javascript|vbscript|data|file|blob|about|filesystem)\s*:/i;
export const HTTPS_ONLY_MESSAGE = 'Пришлите ссылку, которая начинается с https://';

/** The value as an absolute `https:` URL, or undefined when it is not one. */
export function httpsUrlOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  let url: { protocol: string; hostname: string; toString(): string };
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' && url.hostname ? url.toString() : undefined;
}

/** An absolute https URL (an `http://` one is upgraded); any other scheme is a 400. */
export const HttpsUrlSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^http:\/\//i, 'https://'))
  .refine((value) => httpsUrlOf(value) !== undefined, { message: HTTPS_ONLY_MESSAGE });

/**
 * Pasted text that may be a link or share text around one: a value that starts with a URL scheme
 * must be an https link (an `http://` one is upgraded); plain text passes as it is.
 */
export const PastedLinkTextSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^http:\/\//i, 'https://'))
  .refine(
    (value) => !SCRIPTABLE_SCHEME.test(value) && (!URL_WITH_SCHEME.test(value) || httpsUrlOf(value) !== undefined),
    { message: HTTPS_ONLY_MESSAGE },
  );
