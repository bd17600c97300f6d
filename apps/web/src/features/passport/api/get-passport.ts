// GET /passport?reveal=1: the owner's edit form sees the whole record (never cached for long:
// personal data, answered with no-store).
import { PassportResponseSchema, type Passport } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PASSPORT_QUERY_KEY = queryKeys.passport;

export const getPassport = async (): Promise<Passport | null> =>
  (await api('/v1/passport', { query: { reveal: 1 }, schema: PassportResponseSchema })).result;

export const passportQueryOptions = () =>
  queryOptions({ queryKey: PASSPORT_QUERY_KEY, queryFn: getPassport, staleTime: 0, gcTime: 60_000 });

export const usePassport = () => useQuery(passportQueryOptions());
