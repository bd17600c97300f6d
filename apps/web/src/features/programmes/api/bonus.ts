// The bonus account (DESIGN §8): GET /bonus and GET /bonus/history.
import { BonusAccountResponseSchema, BonusHistoryResponseSchema } from '@shop/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { programmeKeys } from './keys.ts';
import { resultOf } from './query.ts';

export type BonusHistoryKind = 'all' | 'in' | 'out';

export const bonusQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.bonus,
    queryFn: () => resultOf('/v1/bonus', { schema: BonusAccountResponseSchema }),
  });
export const useBonus = () => useQuery(bonusQueryOptions());

export const useBonusHistory = (kind: BonusHistoryKind) =>
  useInfiniteQuery(
    cursorPagesOptions({
      queryKey: programmeKeys.bonusHistory(kind),
      path: '/v1/bonus/history',
      query: { kind },
      schema: BonusHistoryResponseSchema,
    }),
  );
