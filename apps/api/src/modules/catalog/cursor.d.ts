import type { Sorting } from '@shop/contract';
import { type SQL } from 'drizzle-orm';
import type { SearchTerms } from './search-plan.ts';
export type ListingSort = Sorting | 'RELEVANCE';
type SortSpec = {
    key: (search: SearchTerms | undefined) => SQL;
    desc: boolean;
    kind: 'int' | 'time';
};
export declare const SORTS: Record<ListingSort, SortSpec>;
type Cursor = {
    sort: ListingSort;
    key: number | string;
    id: number;
};
export declare function encodeCursor(cursor: Cursor): string;
export declare function decodeCursor(raw: string, sort: ListingSort): Cursor;
export {};
