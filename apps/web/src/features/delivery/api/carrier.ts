// The carrier's cities, pickup points and the delivery quote (docs/product.md §11.9).
import {
  DeliveryCitiesResponseSchema,
  DeliveryPointsResponseSchema,
  DeliveryQuoteResponseSchema,
  type DeliveryQuoteBody,
} from '@shop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const useDeliveryCities = (q: string) =>
  useQuery({
    queryKey: queryKeys.deliveryCities(q),
    queryFn: async ({ signal }) =>
      (
        await api(`/v1/delivery/cities?q=${encodeURIComponent(q)}`, {
          signal,
          schema: DeliveryCitiesResponseSchema,
        })
      ).result,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });

export const useDeliveryPoints = (cityCode: number | null, position: { lat: number; lon: number } | null) =>
  useQuery({
    queryKey: queryKeys.deliveryPoints(cityCode ?? 0, position),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ city_code: String(cityCode) });
      if (position) {
        params.set('lat', String(position.lat));
        params.set('lon', String(position.lon));
      }
      return (await api(`/v1/delivery/points?${params}`, { signal, schema: DeliveryPointsResponseSchema }))
        .result;
    },
    enabled: cityCode !== null,
    staleTime: 10 * 60_000,
  });

/** The price, dates and duty of lines to a saved delivery; off while there is nothing to quote. */
export const useDeliveryQuote = (body: DeliveryQuoteBody | null) =>
  useQuery({
    queryKey: queryKeys.deliveryQuote(body ?? {}),
    queryFn: async ({ signal }) =>
      (
        await api('/v1/delivery/quote', {
          method: 'POST',
          body: body!,
          signal,
          schema: DeliveryQuoteResponseSchema,
        })
      ).result,
    enabled: body !== null,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** What a saved delivery quotes to: its point, or its door; null for an address without a carrier city. */
export function quoteDestination(address: {
  kind: 'courier' | 'pickup';
  city_code: number | null;
  point_code: string | null;
  address: string;
}): Pick<DeliveryQuoteBody, 'city_code' | 'point_code' | 'address'> | null {
  if (!address.city_code) return null;
  return address.kind === 'pickup' && address.point_code
    ? { city_code: address.city_code, point_code: address.point_code }
    : { city_code: address.city_code, address: address.address };
}
