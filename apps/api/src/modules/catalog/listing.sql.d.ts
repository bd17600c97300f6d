import type { CatalogFilterQuery, Sorting } from '@shop/contract';
import { type SQL } from 'drizzle-orm';
import { type ListingSort } from './cursor.ts';
import { type SearchPlan } from './search-plan.ts';
/** A Postgres array literal for a parameter (`{"a","b"}`), safe for any text. */
export declare function pgArray(values: readonly (string | number)[]): string;
export type ListingFilters = Omit<CatalogFilterQuery, 'search_string'> & {
    search_string?: string | undefined;
};
export type FilterKind = 'category_ids' | 'colors' | 'sizes_eu' | 'brand_ids' | 'category_fit_people';
export declare const FILTER_KINDS: readonly FilterKind[];
/** Token prefix of each kind in `products.facet_tokens` (migration 0012). */
export declare const TOKEN_PREFIX: Record<FilterKind, string>;
/** The tokens of a kind's selected values. */
export declare const facetTokens: (kind: FilterKind, values: readonly (string | number)[]) => string[];
/** WHERE conditions of the filters (published products only), leaving out one kind (for its own facet). */
export declare function filterConditions(filters: ListingFilters, plan: SearchPlan | undefined, except?: FilterKind, 
/** The ids of the products matching every filtered kind, from the token index (decision 036). */
tokenIds?: readonly number[]): SQL[];
/** Joins conditions with AND (TRUE for none); named apart from drizzle's `and`, which builds columns. */
export declare const sqlAnd: (conditions: SQL[]) => SQL<unknown>;
export type ListingQuery = ListingFilters & {
    sorting?: Sorting | undefined;
    cursor?: string | undefined;
    limit: number;
    /** Set when two kinds or more are filtered and the token index found these products (decision 036). */
    tokenIds?: readonly number[] | undefined;
};
export declare function resolveSort(query: ListingQuery): ListingSort;
/**
 * The SQL of one listing page (exported so the benchmark can EXPLAIN exactly what the API runs).
 * Full-text relevance is two queries, one per tier (see SORTS.RELEVANCE): `tier` picks one.
 */
export declare function listingSql(query: ListingQuery, plan?: SearchPlan, tier?: 1 | 2, limit?: number): SQL;
/**
 * Runs one listing page: one query, or for full-text relevance the title tier and, when it runs
 * out within the page, the other tier. `run` is the executor (the benchmark records the SQL).
 */
export declare function listingRows<T extends Record<string, unknown>>(query: ListingQuery, plan: SearchPlan | undefined, run: (query: SQL) => Promise<T[]>): Promise<T[]>;
