// GET /payment/status?transaction_guid=: polled by payment-await every 2 s until it settles.
import { PaymentStatusResponseSchema } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const PAYMENT_POLL_MS = 2000;

export const getPaymentStatus = async (transactionGuid: string) =>
  (
    await api('/v1/payment/status', {
      query: { transaction_guid: transactionGuid },
      schema: PaymentStatusResponseSchema,
    })
  ).result;

export const paymentStatusQueryOptions = (transactionGuid: string) =>
  queryOptions({
    queryKey: ['payment-status', transactionGuid],
    queryFn: () => getPaymentStatus(transactionGuid),
    enabled: transactionGuid.length > 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || !query.state.data ? PAYMENT_POLL_MS : false,
    staleTime: 0,
  });

export const usePaymentStatus = (transactionGuid: string) =>
  useQuery(paymentStatusQueryOptions(transactionGuid));
