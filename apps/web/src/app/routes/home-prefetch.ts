// What the home page reads, asked for while the session starts (docs/decisions/026): the rows,
// the categories and the brands are the same for every shopper (no token needed), so the page
// draws with them as soon as the session-start spinner goes. The session start itself is unchanged.
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories.ts';
import { productFiltersQueryOptions } from '../../features/catalog/api/get-product-filters.ts';
import {
  productRowQueryOptions,
  productsInfiniteQueryOptions,
} from '../../features/catalog/api/get-products.ts';
import { useFilterStore } from '../../features/catalog/filter-store.ts';
import { listingParams } from '../../features/catalog/use-listing-params.ts';

export const POPULAR = { sorting: 'POPULARITY', limit: 10 } as const;
export const NEWEST = { sorting: 'NEWEST', limit: 10 } as const;

/** Settles (never fails) when every read is in the cache or has failed. */
export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(productRowQueryOptions(POPULAR)),
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(productRowQueryOptions(NEWEST)),
    queryClient.prefetchQuery(productFiltersQueryOptions({})),
  ]);
}

/**
 * Catalogue pages: the category tree (their title, chips and filter scope); on a category's page
 * also its grid's first page with the stored filters, as the page will ask for it. The page is
 * rendered behind the spinner before sign-in and, hidden, does not fetch: without this its grid
 * would still be skeletons in the commit that reveals it, where the server's painted cards were
 * (docs/decisions/051).
 */
export async function prefetchCategories(queryClient: QueryClient, pathname: string): Promise<void> {
  const category = /^\/catalog\/(\d{1,9})\/?$/.exec(pathname);
  const params = category
    ? listingParams(useFilterStore.getState(), { categoryId: Number(category[1]) })
    : null;
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    ...(params ? [queryClient.prefetchInfiniteQuery(productsInfiniteQueryOptions(params))] : []),
  ]);
}
