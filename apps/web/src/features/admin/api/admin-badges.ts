// GET /admin/badges: the console navigation's counters («Нужен возврат» on «Заказы»). Kept under the
// orders' key, so a refund, a cancel or a restore (each invalidates the orders) refreshes it at once.
import { AdminBadgesResponseSchema } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const adminBadgesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminBadges,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/badges', { schema: AdminBadgesResponseSchema, signal })).result,
    // Another staff member's cancel shows within a minute.
    refetchInterval: 60_000,
  });

export const useAdminBadges = (enabled: boolean) => useQuery({ ...adminBadgesQueryOptions(), enabled });
