import { DeliveryListResponseSchema, type DeliveryAddress } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DELIVERY_QUERY_KEY = queryKeys.delivery;

export const getDeliveries = async (): Promise<DeliveryAddress[]> =>
  (await api('/v1/delivery', { schema: DeliveryListResponseSchema })).result;

export const deliveriesQueryOptions = () =>
  queryOptions({ queryKey: DELIVERY_QUERY_KEY, queryFn: getDeliveries, staleTime: 60_000 });

export const useDeliveries = () => useQuery(deliveriesQueryOptions());
