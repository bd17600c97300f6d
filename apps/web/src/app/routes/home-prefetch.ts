// What the home page reads, asked for while the session starts (docs/decisions/026): the rows,
// the categories and the brands are the same for every shopper (no token needed), so the page
// draws with them as soon as the session-start spinner goes. The session start itself is unchanged.
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories.ts';
import { productFiltersQueryOptions } from '../../features/catalog/api/get-product-filters.ts';
import { productRowQueryOptions } from '../../features/catalog/api/get-products.ts';

export const POPULAR = { sorting: 'POPULARITY', limit: 10 } as const;
export const NEWEST = { sorting: 'NEWEST', limit: 10 } as const;

export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(productRowQueryOptions(POPULAR));
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(productRowQueryOptions(NEWEST));
  void queryClient.prefetchQuery(productFiltersQueryOptions({}));
}

/** Catalogue pages: the category tree (their title, chips and filter scope). */
export function prefetchCategories(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(categoriesQueryOptions());
}
