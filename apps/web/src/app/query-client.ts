// One query client. A failed mutation toasts here, once, from its `meta.errorMessage` fallback
// (the server's message when it sent one); a mutation without that meta handles its own errors.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../components/ui/notify.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Shown (through errorMessage) when the mutation fails. */
      errorMessage?: string;
      /** Shown as it is when the mutation fails, whatever the server said (a fixed text of the spec). */
      errorToast?: string;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const { errorMessage: fallback, errorToast } = mutation.meta ?? {};
        if (errorToast !== undefined) notify.error(errorToast);
        else if (fallback !== undefined) notify.error(errorMessage(error, fallback));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client errors will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
}
