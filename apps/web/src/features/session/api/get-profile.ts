import { ProfileResponseSchema, type Profile } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getProfile = async (): Promise<Profile> =>
  (await api('/v1/profile', { schema: ProfileResponseSchema })).result;

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
