// GET /admin/me: the signed-in person's staff role; 403 means not staff (the console stays shut).
import { AdminMeResponseSchema, type AdminMe } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The role, or null for anyone who is not staff. */
export const getAdminMe = async (): Promise<AdminMe | null> => {
  try {
    return (await api('/v1/admin/me', { schema: AdminMeResponseSchema })).result;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 401)) return null;
    throw error;
  }
};

export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminMe, queryFn: getAdminMe, staleTime: 5 * 60_000, retry: false });

export const useAdminMe = () => useQuery(adminMeQueryOptions());
