// GET /admin/audit: admin writes, newest first, keyset paged, under the log's filters (who, what,
// when, on what); GET /admin/audit/actors: the people in the log, for the «Кто» filter.
import { AdminAuditActorsResponseSchema, AdminAuditPageResponseSchema } from '@shop/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The log's filters as the address and the API carry them; an empty value is no filter. */
export type AuditFilter = {
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  from: string;
  to: string;
};

const present = (f: AuditFilter) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== '')) as Partial<AuditFilter>;

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminAuditOf(present(filter)),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api('/v1/admin/audit', {
          query: { ...present(filter), cursor: pageParam },
          schema: AdminAuditPageResponseSchema,
          signal,
        })
      ).result,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
    placeholderData: keepPreviousData,
  });

export const auditActorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminAuditActors,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/audit/actors', { schema: AdminAuditActorsResponseSchema, signal })).result,
  });
