import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });
/**
 * `/readyz` (docs/operations.md): ready when every check is true. `catalog_index` is true where the
 * instance keeps no index (CATALOG_TOKEN_INDEX=off, or a `worker`).
 */
export const ReadySchema = z.object({
  status: z.enum(['ok', 'unavailable', 'starting', 'shutting_down']),
  database: z.string(),
  role: z.enum(['all', 'web', 'worker']).optional(),
  checks: z
    .object({
      database: z.boolean(),
      migrations: z.boolean(),
      catalog_index: z.boolean(),
      not_shutting_down: z.boolean(),
    })
    .optional(),
});
