import type { ProfileResponseSchema, Profile } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getProfile = async (): Promise<Profile> =>
  (await api<Answer<typeof ProfileResponseSchema>>('/v1/profile')).result;

export const profileQueryOptions = () => queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });
