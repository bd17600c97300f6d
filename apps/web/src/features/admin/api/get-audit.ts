// GET /admin/audit: every admin write, newest first, keyset paged.
import { AdminAuditPageResponseSchema } from '@shop/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminAudit,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/admin/audit', {
          query: { cursor: pageParam },
          schema: AdminAuditPageResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
  });
