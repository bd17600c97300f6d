// Saved views of the console's orders list (docs/product.md §12.2): the current filter (the address's
// query: statuses, search, dates) saved under a name in this browser, applied with one tap, removed
// with ×; and the page size (50, 100 or 200 orders a page), remembered too.
import './console-pages.css';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';

type View = { name: string; query: string };

export const PAGE_SIZES = [50, 100, 200] as const;

export function readPageSize(): number {
  const stored = readJson<number>(STORAGE_KEYS.adminOrdersPageSize, PAGE_SIZES[0]);
  return (PAGE_SIZES as readonly number[]).includes(stored) ? stored : PAGE_SIZES[0];
}

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <label className="admin-field">
      <span>На странице</span>
      <select
        className="admin-select"
        value={value}
        onChange={(e) => {
          const size = Number(e.target.value);
          writeJson(STORAGE_KEYS.adminOrdersPageSize, size);
          onChange(size);
        }}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export function OrderViews() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [views, setViews] = useState<View[]>(() => readJson<View[]>(STORAGE_KEYS.adminOrderViews, []));
  const [naming, setNaming] = useState<string | null>(null);
  const current = search.replace(/^\?/, '');

  const store = (next: View[]) => {
    setViews(next);
    writeJson(STORAGE_KEYS.adminOrderViews, next);
  };
  const save = () => {
    const name = naming?.trim();
    if (!name) return;
    store([...views.filter((v) => v.name !== name), { name, query: current }]);
    setNaming(null);
  };

  return (
    <div className="admin-views" role="group" aria-label="Сохранённые фильтры">
      {views.map((v) => (
        <span key={v.name} className={`admin-view${v.query === current ? ' admin-view--active' : ''}`}>
          <button type="button" onClick={() => void navigate(paths.adminOrders(v.query))}>
            {v.name}
          </button>
          <button
            type="button"
            aria-label={`Удалить фильтр «${v.name}»`}
            onClick={() => store(views.filter((x) => x.name !== v.name))}
          >
            ×
          </button>
        </span>
      ))}
      {naming === null ? (
        <button type="button" className="admin-link-button" onClick={() => setNaming('')}>
          Сохранить фильтр
        </button>
      ) : (
        <form
          className="admin-view__form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <input
            className="admin-input"
            autoFocus
            maxLength={40}
            placeholder="Название фильтра"
            aria-label="Название фильтра"
            value={naming}
            onChange={(e) => setNaming(e.target.value)}
          />
          <button type="submit" className="admin-link-button" disabled={!naming.trim()}>
            Сохранить
          </button>
        </form>
      )}
    </div>
  );
}
