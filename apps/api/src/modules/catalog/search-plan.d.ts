import { type Database } from '../../db/client.ts';
import type { ListingFilters } from './listing.sql.ts';
/**
 * Full text when it finds anything; otherwise trigram similarity (typos, transliterations);
 * `article` when the text is a product's article (its Poizon spu or a variant's sku).
 */
export type SearchMode = 'fulltext' | 'trigram' | 'article';
/** How a search string is run: its (possibly typo-corrected) text and the matching mode. */
export type SearchPlan = {
    mode: SearchMode;
    text: string;
};
export type SearchTerms = {
    text: string;
    lower: string;
    mode: SearchMode;
};
export declare function searchOf(filters: ListingFilters, plan?: SearchPlan): SearchTerms | undefined;
/**
 * Plans a search: full text if it matches any product; else full text with each word replaced by
 * the closest suggestion term (typos: «кросовки» → «кроссовки»); else, as a last resort, trigram
 * similarity on titles.
 */
export declare function planSearch(db: Database, filters: ListingFilters): Promise<SearchPlan | undefined>;
/** The published-or-not products whose spu, or a variant's sku, is the article (lower case). */
export declare const articleIdsSql: (lower: string) => import("drizzle-orm").SQL<unknown>;
