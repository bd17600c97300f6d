// The filter and sort bar of catalog/{id} and search (docs/product.md §2–§4): chips opening bottom sheets
// for sort, colours, brands, sizes, categories and fit, fed by the facets endpoint. A choice in
// a sheet applies at once (the facets of one kind ignore that kind, so a second value can be
// added); «Показать» closes the sheet. The sheets' code (the drawer) loads apart from the page
// (catalog-sheets.tsx, docs/decisions/041): on the first touch of a chip, or once the first
// screen is idle.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { whenFirstScreenIdle } from '../../../lib/first-screen-idle.ts';
import { lazyLayer, useTouchOf } from '../../../lib/lazy-layer.tsx';
import { ITEM_FORMS, plural } from '../../../lib/plural.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useProductFilters } from '../api/get-product-filters.ts';
import type { ProductListParams } from '../api/get-products.ts';
import {
  activeFilterCount,
  SHEETS,
  SORT_OPTIONS,
  useFilterStore,
  type FilterListKey,
  type FilterLists,
  type Sheet,
} from '../filter-store.ts';
import './catalog-toolbar.css';

const CatalogSheets = lazyLayer(() => import('./catalog-sheets.tsx'));

type Props = {
  /** The page's base selection (category or search) plus the store's filters. */
  params: ProductListParams;
  /** Kinds this page offers (a leaf category has no category sheet). */
  hide?: FilterListKey[];
  /** On catalog/{id}: the subcategories the category sheet offers. */
  categoryScope?: number[];
};

export function CatalogToolbar({ params, hide = [], categoryScope }: Props) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  // A sheet is built the first time it opens and kept after (its closing animation needs it): six
  // closed drawers built with the page cost its first render for nothing.
  const [opened, setOpened] = useState<ReadonlySet<Sheet>>(() => new Set());
  const filters = useFilterStore(
    useShallow((s): FilterLists & { selectedSort: string } => ({
      selectedColors: s.selectedColors,
      selectedBrands: s.selectedBrands,
      selectedSizes: s.selectedSizes,
      selectedCategories: s.selectedCategories,
      selectedFitPeople: s.selectedFitPeople,
      selectedSort: s.selectedSort,
    })),
  );
  const facets = useProductFilters(params);
  const total = facets.data?.total;
  const sortLabel = SORT_OPTIONS.find((o) => o.key === filters.selectedSort)?.label ?? 'По умолчанию';
  const count = activeFilterCount(filters);
  useTouchOf('.catalog-toolbar__chips', CatalogSheets.preload);
  useEffect(() => whenFirstScreenIdle(CatalogSheets.preload), []);

  const open = (next: Sheet) => {
    haptic.selection();
    setOpened((seen) => (seen.has(next) ? seen : new Set(seen).add(next)));
    setSheet(next);
  };

  return (
    <div className="catalog-toolbar">
      <div className="catalog-toolbar__chips" role="toolbar" aria-label="Фильтры и сортировка">
        <button
          type="button"
          className={`chip${filters.selectedSort ? ' chip--active' : ''}`}
          onClick={() => open('sort')}
          aria-label={filters.selectedSort ? `Сортировка: ${sortLabel}` : 'Сортировка'}
        >
          <SortIcon /> {filters.selectedSort ? sortLabel : 'Сортировка'}
        </button>
        {count > 0 && (
          <button
            type="button"
            className="chip chip--reset"
            onClick={() => {
              haptic.selection();
              useFilterStore.getState().reset();
            }}
          >
            Сбросить ({count})
          </button>
        )}
        {SHEETS.filter((s) => !hide.includes(s.key)).map((s) => {
          const n = filters[s.key].length;
          return (
            <button
              key={s.key}
              type="button"
              className={`chip${n ? ' chip--active' : ''}`}
              onClick={() => open(s.key)}
              aria-label={n ? `${s.label}: выбрано ${n}` : s.label}
            >
              {s.label}
              {n > 0 && <span className="chip__count">{n}</span>}
            </button>
          );
        })}
      </div>
      {/* Always present (a blank line while the count loads), so the grid does not jump. */}
      <p className="catalog-toolbar__total" aria-live="polite">
        {total === undefined ? '\u00a0' : `${total} ${plural(total, ITEM_FORMS)}`}
      </p>

      {opened.size > 0 && (
        <CatalogSheets
          sheet={sheet}
          opened={opened}
          onClose={() => setSheet(null)}
          filters={filters}
          facets={facets.data}
          facetsLoading={facets.isPending}
          hide={hide}
          categoryScope={categoryScope}
        />
      )}
    </div>
  );
}

const SortIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
