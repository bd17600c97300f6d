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
