// GET /payment/status?transaction_guid=: polled by payment-await every 2 s until it settles.
import { PaymentStatusResponseSchema } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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
    queryKey: queryKeys.paymentStatus(transactionGuid),
    queryFn: () => getPaymentStatus(transactionGuid),
    enabled: transactionGuid.length > 0,
    // Polled while the payment is pending. Not after a first check that failed: the page then says
    // so and stays put, with «Повторить», and the check runs again when the connection comes back
    // (`refetchOnReconnect`) or on that button. Polled, a query with no answer yet goes back to
    // `pending` at each try, and the page swapped between the error and the spinner every few
    // seconds. Once an answer is in, a failed poll keeps it and polling goes on.
    refetchInterval: (query) => {
      const { status, data } = query.state;
      if (!data) return status === 'error' ? false : PAYMENT_POLL_MS;
      return data.status === 'pending' ? PAYMENT_POLL_MS : false;
    },
    staleTime: 0,
  });

export const usePaymentStatus = (transactionGuid: string) =>
  useQuery(paymentStatusQueryOptions(transactionGuid));
