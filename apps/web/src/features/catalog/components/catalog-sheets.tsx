// The bottom sheets of the catalogue toolbar (catalog-toolbar.tsx): sort and the five filter lists.
// Their code (vaul, through the drawer) loads apart from the page (docs/decisions/041). A sheet is
// built the first time it opens and kept after (its closing animation needs it): six closed
// drawers built with the page cost its first render for nothing.
import type { FitPeople, ProductFilters } from '@shop/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { ITEM_FORMS, plural } from '../../../lib/plural.ts';
import { euSizeLabel } from '../../../lib/variant-label.ts';
import { haptic } from '../../../telegram/haptics.ts';
import {
  SHEETS,
  SORT_OPTIONS,
  useFilterStore,
  type FilterListKey,
  type FilterLists,
  type Sheet,
} from '../filter-store.ts';

const FIT_LABELS: Record<FitPeople, string> = {
  men: 'Мужчинам',
  women: 'Женщинам',
  kids: 'Детям',
  unisex: 'Унисекс',
};

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
  /** The sheet open now. */
  sheet: Sheet | null;
  /** The sheets opened so far. */
  opened: ReadonlySet<Sheet>;
  onClose: () => void;
  filters: FilterLists & { selectedSort: string };
  facets: ProductFilters | undefined;
  facetsLoading: boolean;
  hide: FilterListKey[];
  categoryScope?: number[];
};

export default function CatalogSheets({
  sheet,
  opened,
  onClose,
  filters,
  facets,
  facetsLoading,
  hide,
  categoryScope,
}: Props) {
  const total = facets?.total;
  return (
    <>
      {opened.has('sort') && (
        <Drawer open={sheet === 'sort'} onOpenChange={(o) => !o && onClose()} title="Сортировка">
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
                      onClose();
                    }}
                  />
                </label>
              </li>
            ))}
          </ul>
        </Drawer>
      )}

      {SHEETS.filter((s) => !hide.includes(s.key) && opened.has(s.key)).map((s) => (
        <Drawer key={s.key} open={sheet === s.key} onOpenChange={(o) => !o && onClose()} title={s.label}>
          <FilterSheetBody
            kind={s.key}
            options={optionsFor(s.key, facets, categoryScope)}
            loading={facetsLoading}
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
            <Button size="medium" fullWidth onClick={onClose}>
              {total === undefined ? 'Показать' : `Показать ${total} ${plural(total, ITEM_FORMS)}`}
            </Button>
          </div>
        </Drawer>
      ))}
    </>
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
