// The listing parameters of a page: its base (category or search text) with the shopper's
// filters and sort from the filter store.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ProductListParams } from './api/get-products.ts';
import { sortingFor, useFilterStore, type FilterState } from './filter-store.ts';

type ListingBase = { categoryId?: number; search?: string };
type ListingFilters = Pick<
  FilterState,
  | 'selectedColors'
  | 'selectedSizes'
  | 'selectedBrands'
  | 'selectedCategories'
  | 'selectedFitPeople'
  | 'selectedSort'
>;

/** The listing parameters from the filter store's state: the hook's, and a prefetch's before render. */
export function listingParams(f: ListingFilters, base: ListingBase): ProductListParams {
  const categoryIds =
    f.selectedCategories.length > 0
      ? f.selectedCategories
      : base.categoryId !== undefined
        ? [base.categoryId]
        : undefined;
  return {
    categoryIds,
    colors: f.selectedColors,
    sizes: f.selectedSizes,
    brandIds: f.selectedBrands,
    fitPeople: f.selectedFitPeople,
    sorting: sortingFor(f.selectedSort),
    search: base.search,
  };
}

export function useListingParams({ categoryId, search }: ListingBase): ProductListParams {
  const f = useFilterStore(
    useShallow((s) => ({
      selectedColors: s.selectedColors,
      selectedSizes: s.selectedSizes,
      selectedBrands: s.selectedBrands,
      selectedCategories: s.selectedCategories,
      selectedFitPeople: s.selectedFitPeople,
      selectedSort: s.selectedSort,
    })),
  );
  return useMemo(() => listingParams(f, { categoryId, search }), [f, categoryId, search]);
}
