// Saved filters of the console's orders list (docs/product.md §12.2): the current filter (the address's
// query: statuses, search, dates, sort) saved under a name on the server, per staff member, applied
// with one tap, removed with ×; and the page size (25, 50 or 100 orders), remembered on this device
// (a screen's matter, not the person's).
import './console-pages.css';
import { ADMIN_ORDER_PAGE_SIZES } from '@shop/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';
import { useOrderViews, useRemoveOrderView, useSaveOrderView } from '../api/order-views.ts';

const DEFAULT_SIZE = 50;

export function readPageSize(): number {
  const stored = readJson<number>(STORAGE_KEYS.adminOrdersPageSize, DEFAULT_SIZE);
  return (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_SIZE;
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
        {ADMIN_ORDER_PAGE_SIZES.map((n) => (
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
  const views = useOrderViews();
  const saveView = useSaveOrderView();
  const removeView = useRemoveOrderView();
  const [naming, setNaming] = useState<string | null>(null);
  const current = new URLSearchParams(search).toString();

  const save = () => {
    const name = naming?.trim();
    if (!name) return;
    saveView.mutate(
      { name, query: current },
      {
        onSuccess: () => {
          setNaming(null);
          notify.success(`Фильтр «${name}» сохранён`);
        },
      },
    );
  };

  return (
    <div className="admin-views" role="group" aria-label="Сохранённые фильтры">
      {(views.data ?? []).map((v) => (
        <span key={v.id} className={`admin-view${v.query === current ? ' admin-view--active' : ''}`}>
          <button type="button" onClick={() => void navigate(paths.adminOrders(v.query))}>
            {v.name}
          </button>
          <button
            type="button"
            aria-label={`Удалить фильтр «${v.name}»`}
            disabled={removeView.isPending}
            onClick={() => removeView.mutate(v.id)}
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
          <button type="submit" className="admin-link-button" disabled={!naming.trim() || saveView.isPending}>
            Сохранить
          </button>
        </form>
      )}
    </div>
  );
}
