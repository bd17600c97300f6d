// The catalogue's filter selection (docs/product.md §3, §4): lists kept duplicate-free, each removable or
// resettable. The lists persist in local storage under `filter-storage`; the sort never does.
// The app clears the selection when the shopper leaves catalog/{number} and search (docs/product.md §2).
import type { FitPeople, Sorting } from '@shop/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage.ts';

/** The spec's five orders; '' is the default order (no `sorting` sent). */
export const SORT_OPTIONS = [
  { key: '', label: 'По умолчанию' },
  { key: 'popularity', label: 'По популярности' },
  { key: 'high-to-low-price', label: 'Сначала дороже' },
  { key: 'low-to-high-price', label: 'Сначала дешевле' },
  { key: 'sell_date', label: 'Сначала новые' },
  { key: 'sold', label: 'По количеству продаж' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

const SORTING: Record<Exclude<SortKey, ''>, Sorting> = {
  popularity: 'POPULARITY',
  'high-to-low-price': 'PRICE_DESC',
  'low-to-high-price': 'PRICE_ASC',
  sell_date: 'NEWEST',
  sold: 'SALES',
};

export const sortingFor = (key: SortKey): Sorting | undefined => (key ? SORTING[key] : undefined);

export type FilterLists = {
  selectedColors: string[];
  selectedBrands: number[];
  selectedSizes: string[];
  selectedCategories: number[];
  selectedFitPeople: FitPeople[];
};
export type FilterListKey = keyof FilterLists;

/** The toolbar's filter sheets, in the order of its chips. */
export const SHEETS: { key: FilterListKey; label: string }[] = [
  { key: 'selectedCategories', label: 'Категория' },
  { key: 'selectedBrands', label: 'Бренд' },
  { key: 'selectedSizes', label: 'Размер' },
  { key: 'selectedColors', label: 'Цвет' },
  { key: 'selectedFitPeople', label: 'Для кого' },
];

/** A sheet of the toolbar: the sort or one of the filter lists. */
export type Sheet = 'sort' | FilterListKey;

export type FilterState = FilterLists & {
  selectedSort: SortKey;
  add: <K extends FilterListKey>(key: K, value: FilterLists[K][number]) => void;
  remove: <K extends FilterListKey>(key: K, value: FilterLists[K][number]) => void;
  toggle: <K extends FilterListKey>(key: K, value: FilterLists[K][number]) => void;
  /** Replaces one list (a filter sheet's «Применить»). */
  setList: <K extends FilterListKey>(key: K, values: FilterLists[K]) => void;
  resetList: (key: FilterListKey) => void;
  setSort: (sort: SortKey) => void;
  reset: () => void;
};

export const EMPTY_FILTERS: FilterLists = {
  selectedColors: [],
  selectedBrands: [],
  selectedSizes: [],
  selectedCategories: [],
  selectedFitPeople: [],
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

export const useFilterStore = create<FilterState>()(
  persist(
    (set, get) => ({
      ...EMPTY_FILTERS,
      selectedSort: '',
      add: (key, value) => set({ [key]: unique([...(get()[key] as unknown[]), value]) }),
      remove: (key, value) => set({ [key]: (get()[key] as unknown[]).filter((v) => v !== value) }),
      toggle: (key, value) => {
        const list = get()[key] as unknown[];
        if (list.includes(value)) get().remove(key, value);
        else get().add(key, value);
      },
      setList: (key, values) => set({ [key]: unique(values as unknown[]) }),
      resetList: (key) => set({ [key]: [] }),
      setSort: (selectedSort) => set({ selectedSort }),
      reset: () => set({ ...EMPTY_FILTERS, selectedSort: '' }),
    }),
    {
      name: STORAGE_KEYS.filters,
      storage: createJSONStorage(() => safeStorage),
      // The sort is never persisted (docs/product.md §4).
      partialize: ({
        selectedColors,
        selectedBrands,
        selectedSizes,
        selectedCategories,
        selectedFitPeople,
      }) => ({
        selectedColors,
        selectedBrands,
        selectedSizes,
        selectedCategories,
        selectedFitPeople,
      }),
    },
  ),
);

/** Filter selections live only on these pages (docs/product.md §2). */
export const keepsFilters = (pathname: string): boolean =>
  /^\/catalog\/\d+\/?$/.test(pathname) || /^\/search\/?$/.test(pathname);

export const activeFilterCount = (f: FilterLists): number =>
  f.selectedColors.length +
  f.selectedBrands.length +
  f.selectedSizes.length +
  f.selectedCategories.length +
  f.selectedFitPeople.length;
