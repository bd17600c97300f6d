import { ProductBriefResponseSchema, type ProductDrawerBrief } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getProductBrief = async (id: number): Promise<ProductDrawerBrief> =>
  (await api(`/v1/product/${id}`, { schema: ProductBriefResponseSchema })).result;

/** Runs only when a product id exists (spec §5); fresh for 10 minutes (spec §9). */
export const productBriefQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: () => getProductBrief(id!),
    enabled: id !== null,
    staleTime: 10 * 60_000,
  });
