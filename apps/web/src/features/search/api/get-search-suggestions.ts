import type { SearchSuggestResponseSchema, SearchSuggestion } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** docs/product.md §9: suggestions are fresh for 5 minutes, retried once, 20 results. */
export const SUGGESTIONS_SIZE = 20;
export const SUGGESTIONS_STALE_MS = 5 * 60_000;

export const getSearchSuggestions = async (
  prefix: string,
  signal?: AbortSignal,
): Promise<SearchSuggestion[]> =>
  (
    await api<Answer<typeof SearchSuggestResponseSchema>>('/v1/search-suggest', {
      query: { prefix, size: SUGGESTIONS_SIZE },
      signal,
    })
  ).result.suggestions;

export const searchSuggestionsQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: queryKeys.searchSuggest(prefix.trim()),
    queryFn: ({ signal }) => getSearchSuggestions(prefix.trim(), signal),
    // Requested only for a non-empty prefix (docs/product.md §5).
    enabled: prefix.trim().length > 0,
    staleTime: SUGGESTIONS_STALE_MS,
    retry: 1,
  });
