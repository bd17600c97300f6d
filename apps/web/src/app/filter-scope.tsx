// Filter selections live only on catalog/{number} and search; leaving to any other page clears
// them (docs/product.md §2). The product drawer (`?id=`) keeps the path, so it keeps them too.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { keepsFilters, useFilterStore } from '../features/catalog/filter-store.ts';

export function FilterScope() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!keepsFilters(pathname)) useFilterStore.getState().reset();
  }, [pathname]);
  return null;
}
