// One query client, and the one place an error becomes a toast: a failed mutation (or a query that
// asks for it) toasts here, once, from its `meta`: a fixed text, a text per error code, or the
// server's message with a fallback. A mutation or query without that meta handles its own errors.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../components/ui/notify.ts';
import { ApiRequestError, type ApiRequestErrorCode } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';

type ErrorMeta = {
  /** Shown (through errorMessage) when the call fails. */
  errorMessage?: string;
  /** Shown as it is when the call fails, whatever the server said (a fixed text of the spec). */
  errorToast?: string;
  /** Shown instead when the server refused with one of these codes. */
  errorByCode?: Partial<Record<ApiRequestErrorCode, string>>;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ErrorMeta;
    queryMeta: ErrorMeta;
  }
}

/** The toast a failed call with this meta shows, if any. */
export function errorToastText(error: unknown, meta: ErrorMeta | undefined): string | undefined {
  const { errorMessage: fallback, errorToast, errorByCode } = meta ?? {};
  const byCode = error instanceof ApiRequestError ? errorByCode?.[error.code] : undefined;
  if (byCode !== undefined) return byCode;
  if (errorToast !== undefined) return errorToast;
  if (fallback !== undefined) return errorMessage(error, fallback);
  return undefined;
}

const toastError = (error: unknown, meta: ErrorMeta | undefined) => {
  const text = errorToastText(error, meta);
  if (text !== undefined) notify.error(text);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastError(error, mutation.meta),
    }),
    // A query's error toasts only when it asks (most show their failure in place).
    queryCache: new QueryCache({ onError: (error, query) => toastError(error, query.meta) }),
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
