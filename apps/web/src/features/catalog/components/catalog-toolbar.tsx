// The filter and sort bar of catalog/{id} and search (docs/product.md §2–§4): chips opening bottom sheets
// for sort, colours, brands, sizes, categories and fit, fed by the facets endpoint. A choice in
// a sheet applies at once (the facets of one kind ignore that kind, so a second value can be
// added); «Показать» closes the sheet.
import type { FitPeople, ProductFilters } from '@shop/contract';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { ITEM_FORMS, plural } from '../../../lib/plural.ts';
import { euSizeLabel } from '../../../lib/variant-label.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useProductFilters } from '../api/get-product-filters.ts';
import type { ProductListParams } from '../api/get-products.ts';
import {
  activeFilterCount,
  SORT_OPTIONS,
  useFilterStore,
  type FilterListKey,
  type FilterLists,
} from '../filter-store.ts';
import './catalog-toolbar.css';

type Sheet = 'sort' | FilterListKey;

export const FIT_LABELS: Record<FitPeople, string> = {
  men: 'Мужчинам',
  women: 'Женщинам',
  kids: 'Детям',
  unisex: 'Унисекс',
};

const SHEETS: { key: FilterListKey; label: string }[] = [
  { key: 'selectedCategories', label: 'Категория' },
  { key: 'selectedBrands', label: 'Бренд' },
  { key: 'selectedSizes', label: 'Размер' },
  { key: 'selectedColors', label: 'Цвет' },
  { key: 'selectedFitPeople', label: 'Для кого' },
];

type Option = { value: string | number; label: string; count: number };

function optionsFor(
  key: FilterListKey,
  facets: ProductFilters | undefined,
  categoryScope?: number[],
): Option[] {
  if (!facets) return [];
  switch (key) {
    case 'selectedBrands':
      return facets.brands.map((b) => ({ value: b.id, label: b.name, count: b.count }));
    case 'selectedCategories':
      return facets.categories
        .filter((c) => !categoryScope || categoryScope.includes(c.id))
        .map((c) => ({ value: c.id, label: c.name, count: c.count }));
    case 'selectedColors':
      return facets.colors.map((c) => ({ value: c.value, label: c.value, count: c.count }));
    case 'selectedSizes':
      return facets.sizes_eu.map((s) => ({ value: s.value, label: euSizeLabel(s.value), count: s.count }));
    case 'selectedFitPeople':
      return facets.fit_people.map((f) => ({
        value: f.value,
        label: FIT_LABELS[f.value],
        count: f.count,
      }));
  }
}

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

      {opened.has('sort') && (
        <Drawer open={sheet === 'sort'} onOpenChange={(o) => !o && setSheet(null)} title="Сортировка">
          <ul className="filter-sheet__list" role="radiogroup" aria-label="Сортировка">
            {SORT_OPTIONS.map((o) => (
              <li key={o.key}>
                <label className="filter-sheet__row">
                  <span>{o.label}</span>
                  <input
                    type="radio"
                    name="sort"
                    checked={filters.selectedSort === o.key}
                    onChange={() => {
                      haptic.selection();
                      useFilterStore.getState().setSort(o.key);
                      setSheet(null);
                    }}
                  />
                </label>
              </li>
            ))}
          </ul>
        </Drawer>
      )}

      {SHEETS.filter((s) => !hide.includes(s.key) && opened.has(s.key)).map((s) => (
        <Drawer key={s.key} open={sheet === s.key} onOpenChange={(o) => !o && setSheet(null)} title={s.label}>
          <FilterSheetBody
            kind={s.key}
            options={optionsFor(s.key, facets.data, categoryScope)}
            loading={facets.isPending}
            selected={filters[s.key] as (string | number)[]}
          />
          <div className="filter-sheet__actions">
            {filters[s.key].length > 0 && (
              <Button
                variant="secondary"
                size="medium"
                onClick={() => useFilterStore.getState().resetList(s.key)}
              >
                Сбросить
              </Button>
            )}
            <Button size="medium" fullWidth onClick={() => setSheet(null)}>
              {total === undefined ? 'Показать' : `Показать ${total} ${plural(total, ITEM_FORMS)}`}
            </Button>
          </div>
        </Drawer>
      ))}
    </div>
  );
}

function FilterSheetBody({
  kind,
  options,
  loading,
  selected,
}: {
  kind: FilterListKey;
  options: Option[];
  loading: boolean;
  selected: (string | number)[];
}) {
  if (loading) {
    return (
      <div className="filter-sheet__list" role="status" aria-label="Загрузка">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="skeleton skeleton--line filter-sheet__skeleton" />
        ))}
      </div>
    );
  }
  // Chosen values stay listed even when the other filters no longer reach them.
  const shown = [...options];
  for (const value of selected) {
    if (!shown.some((o) => o.value === value)) shown.unshift({ value, label: String(value), count: 0 });
  }
  if (shown.length === 0) return <p className="filter-sheet__empty">Нет вариантов для этой подборки</p>;
  return (
    <ul className={`filter-sheet__list${kind === 'selectedSizes' ? ' filter-sheet__list--grid' : ''}`}>
      {shown.map((o) => (
        <li key={o.value}>
          <label className="filter-sheet__row">
            <span>
              {o.label} <span className="filter-sheet__count">{o.count}</span>
            </span>
            <input
              type="checkbox"
              checked={selected.includes(o.value)}
              onChange={() => {
                haptic.selection();
                useFilterStore.getState().toggle(kind, o.value);
              }}
            />
          </label>
        </li>
      ))}
    </ul>
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
