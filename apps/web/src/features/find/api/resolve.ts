// POST /find/poizon/resolve: what a pasted link, share text, spuId or article names.
import { ResolveResponseSchema, type ResolveResult } from '@shop/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const resolvePoizon = async (query: string): Promise<ResolveResult> =>
  (await api('/v1/find/poizon/resolve', { method: 'POST', body: { query }, schema: ResolveResponseSchema }))
    .result;

export const useResolvePoizon = () => useMutation({ mutationFn: resolvePoizon });
