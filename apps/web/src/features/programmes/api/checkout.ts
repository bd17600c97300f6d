// The confirm step's money (DESIGN §8): POST /checkout/quote (discount, usable bonuses, to pay)
// and POST /promo/check for a typed promo code.
import { CheckoutQuoteResponseSchema, PromoCheckResponseSchema } from '@shop/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { programmeKeys } from './keys.ts';
import { resultOf } from './query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type CheckoutItem = { product_id: number; variant_id: number; quantity: number };

export type QuoteRequest = { items: CheckoutItem[]; promo_code?: string; bonus_amount: number };

export const useCheckoutQuote = (request: QuoteRequest) =>
  useQuery({
    queryKey: queryKeys.checkoutQuote(request),
    queryFn: ({ signal }) =>
      resultOf('/v1/checkout/quote', {
        method: 'POST',
        body: request,
        signal,
        schema: CheckoutQuoteResponseSchema,
      }),
    enabled: request.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: 1,
  });

export const useCheckPromo = () =>
  useMutation({
    mutationFn: ({ code, items }: { code: string; items: CheckoutItem[] }) =>
      resultOf('/v1/promo/check', {
        method: 'POST',
        body: { code, items },
        schema: PromoCheckResponseSchema,
      }),
  });

/** Bonuses changed by an order (held now, returned if it lapses). */
export const bonusKey = programmeKeys.bonus;
