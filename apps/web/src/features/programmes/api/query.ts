// How the programmes' calls are built, one way for all: a read hands back the envelope's `result`,
// a change refetches the cache keys whose data it alters (keys.ts).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client.ts';

/** The call's `result`, parsed with its contract schema. */
export const resultOf = async <T>(path: string, options: RequestOptions<{ result: T }>): Promise<T> =>
  (await api(path, options)).result;

/**
 * A mutation that, once it succeeds, refetches everything under `invalidates`. With `waitForRefetch`
 * it stays pending (and the caller's onSuccess waits) until the fresh data is in: for a change after
 * which the screen shows what was refetched (the application, the picks on the public page). Its
 * failure is toasted with `errorMessage` as the fallback (app/query-client.ts).
 */
export function useChange<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: readonly QueryKey[],
  { waitForRefetch = false, errorMessage }: { waitForRefetch?: boolean; errorMessage?: string } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorMessage },
    onSuccess: async () => {
      const refetched = Promise.all(invalidates.map((queryKey) => qc.invalidateQueries({ queryKey })));
      if (waitForRefetch) await refetched;
    },
  });
}
