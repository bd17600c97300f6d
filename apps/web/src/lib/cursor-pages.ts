// A keyset-paged GET (`{ result: { …, more, cursor } }`) as infinite-query options: the first page
// goes without a cursor, each next one with the cursor of the page before, while `more` says so.
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type AnswerSchema, type RequestOptions } from './api-client.ts';

export type CursorPage = { more: boolean; cursor: number | null };

export const cursorPagesOptions = <TKey extends QueryKey, TPage extends CursorPage>({
  queryKey,
  path,
  query,
  schema,
}: {
  queryKey: TKey;
  path: string;
  /** The list's filters; the cursor is added to them. */
  query?: RequestOptions['query'];
  schema: AnswerSchema<{ result: TPage }>;
}) =>
  infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (await api(path, { query: { ...query, cursor: pageParam }, schema })).result,
    getNextPageParam: (last: TPage) => (last.more && last.cursor !== null ? last.cursor : undefined),
  });
