// GET /admin/stats, /admin/stats/top, /admin/stats/waiting: the dashboard's numbers of a range of
// days (the shop's time zone), its best sellers, and the work waiting now.
import {
  AdminStatsResponseSchema,
  AdminStatsTopResponseSchema,
  AdminStatsWaitingResponseSchema,
} from '@shop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type StatsRange = { from: string; to: string };

export const useStats = (range: StatsRange) =>
  useQuery({
    queryKey: queryKeys.adminStatsOf('sales', range),
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/stats', { query: range, schema: AdminStatsResponseSchema, signal })).result,
    placeholderData: keepPreviousData,
  });

export const useTopSellers = (range: StatsRange) =>
  useQuery({
    queryKey: queryKeys.adminStatsOf('top', range),
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/stats/top', { query: range, schema: AdminStatsTopResponseSchema, signal }))
        .result,
    placeholderData: keepPreviousData,
  });

export const useWaitingWork = () =>
  useQuery({
    queryKey: queryKeys.adminStatsWaiting,
    queryFn: async ({ signal }) =>
      (await api('/v1/admin/stats/waiting', { schema: AdminStatsWaitingResponseSchema, signal })).result,
  });
