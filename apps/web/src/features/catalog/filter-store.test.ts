import { beforeEach, describe, expect, it } from 'vitest';
import { keepsFilters, sortingFor, useFilterStore } from './filter-store.ts';

beforeEach(() => {
  localStorage.clear();
  useFilterStore.getState().reset();
});

describe('filter store', () => {
  it('keeps lists duplicate-free and removes single values', () => {
    const s = useFilterStore.getState();
    s.add('selectedBrands', 3);
    s.add('selectedBrands', 3);
    s.add('selectedBrands', 5);
    expect(useFilterStore.getState().selectedBrands).toEqual([3, 5]);
    s.remove('selectedBrands', 3);
    expect(useFilterStore.getState().selectedBrands).toEqual([5]);
    s.toggle('selectedColors', 'Черный');
    s.toggle('selectedColors', 'Черный');
    expect(useFilterStore.getState().selectedColors).toEqual([]);
  });

  it('persists the lists under filter-storage but never the sort', () => {
    const s = useFilterStore.getState();
    s.add('selectedSizes', '42');
    s.setSort('low-to-high-price');
    const stored = JSON.parse(localStorage.getItem('filter-storage') ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state.selectedSizes).toEqual(['42']);
    expect(stored.state).not.toHaveProperty('selectedSort');
  });

  it('reset clears lists and sort', () => {
    const s = useFilterStore.getState();
    s.add('selectedFitPeople', 'men');
    s.setSort('sold');
    s.reset();
    expect(useFilterStore.getState()).toMatchObject({ selectedFitPeople: [], selectedSort: '' });
  });

  it('maps the five orders and sends nothing by default', () => {
    expect(sortingFor('popularity')).toBe('POPULARITY');
    expect(sortingFor('high-to-low-price')).toBe('PRICE_DESC');
    expect(sortingFor('low-to-high-price')).toBe('PRICE_ASC');
    expect(sortingFor('sell_date')).toBe('NEWEST');
    expect(sortingFor('sold')).toBe('SALES');
    expect(sortingFor('')).toBeUndefined();
  });

  it('keeps filters only on catalog/{number} and search', () => {
    expect(keepsFilters('/catalog/12')).toBe(true);
    expect(keepsFilters('/search')).toBe(true);
    expect(keepsFilters('/catalog')).toBe(false);
    expect(keepsFilters('/catalog/abc')).toBe(false);
    expect(keepsFilters('/profile')).toBe(false);
    expect(keepsFilters('/')).toBe(false);
  });
});
