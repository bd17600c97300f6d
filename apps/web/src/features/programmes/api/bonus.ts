// The bonus account (DESIGN §8): GET /bonus and GET /bonus/history.
import { BonusAccountResponseSchema, BonusHistoryResponseSchema } from '@shop/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { programmeKeys } from './keys.ts';

export type BonusHistoryKind = 'all' | 'in' | 'out';

export const bonusQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.bonus,
    queryFn: async () => (await api('/v1/bonus', { schema: BonusAccountResponseSchema })).result,
  });
export const useBonus = () => useQuery(bonusQueryOptions());

export const useBonusHistory = (kind: BonusHistoryKind) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: programmeKeys.bonusHistory(kind),
      initialPageParam: undefined as number | undefined,
      queryFn: async ({ pageParam }) =>
        (
          await api('/v1/bonus/history', {
            query: { kind, cursor: pageParam },
            schema: BonusHistoryResponseSchema,
          })
        ).result,
      getNextPageParam: (last) => (last.more && last.cursor !== null ? last.cursor : undefined),
    }),
  );
