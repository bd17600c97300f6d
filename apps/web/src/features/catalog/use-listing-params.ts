// The listing parameters of a page: its base (category or search text) with the shopper's
// filters and sort from the filter store.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ProductListParams } from './api/get-products.ts';
import { sortingFor, useFilterStore } from './filter-store.ts';

export function useListingParams(base: { categoryId?: number; search?: string }): ProductListParams {
  const f = useFilterStore(
    useShallow((s) => ({
      colors: s.selectedColors,
      sizes: s.selectedSizes,
      brandIds: s.selectedBrands,
      categories: s.selectedCategories,
      fitPeople: s.selectedFitPeople,
      sort: s.selectedSort,
    })),
  );
  return useMemo(() => {
    const categoryIds =
      f.categories.length > 0 ? f.categories : base.categoryId !== undefined ? [base.categoryId] : undefined;
    return {
      categoryIds,
      colors: f.colors,
      sizes: f.sizes,
      brandIds: f.brandIds,
      fitPeople: f.fitPeople,
      sorting: sortingFor(f.sort),
      search: base.search,
    };
  }, [f, base.categoryId, base.search]);
}
