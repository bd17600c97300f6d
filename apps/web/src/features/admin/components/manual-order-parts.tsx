// The pickers of «Новый заказ» (docs/product.md §12.6): the shopper (a search over the customers),
// the lines (a search over the catalogue, then a variant), the delivery (a saved address of the
// shopper or a new pickup point, chosen as at checkout: a city, then a point).
import type { AdminCustomerRow, AdminProductDetail } from '@shop/contract';
import { useEffect, useState } from 'react';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useCustomers } from '../api/customers.ts';
import { useCities, usePoints, useProductsToPick, useProductToPick } from '../api/manual-order.ts';

/** A value that follows `value` once it has stopped changing for a moment (typing in a search). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const customerName = (c: Pick<AdminCustomerRow, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || 'Без имени';

export function ShopperPicker({ onPick }: { onPick: (c: AdminCustomerRow) => void }) {
  const [search, setSearch] = useState('');
  const q = useSettled(search);
  const customers = useCustomers(q);
  const rows = q.trim() ? (customers.data?.pages[0]?.customers ?? []).slice(0, 8) : [];
  return (
    <div className="admin-form">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Имя, телефон или @username"
        aria-label="Поиск покупателя"
      />
      {q.trim() && customers.isPending && <SkeletonBlock className="admin-row__skeleton" />}
      {q.trim() && customers.isSuccess && rows.length === 0 && (
        <p className="admin-empty">Покупатели не найдены</p>
      )}
      {rows.length > 0 && (
        <ul className="admin-list" aria-label="Найденные покупатели">
          {rows.map((c) => (
            <li key={c.id} className="admin-list__item admin-line">
              <span className="admin-line__text">
                <span>{customerName(c)}</span>
                {c.username && <span className="admin-muted">@{c.username}</span>}
              </span>
              <button type="button" className="admin-link-button" onClick={() => onPick(c)}>
                Выбрать
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Variant = AdminProductDetail['variants'][number];
export type PickedLine = { productId: number; title: string; variant: Variant; quantity: number };

function Variants({
  productId,
  onAdd,
}: {
  productId: number;
  onAdd: (p: AdminProductDetail, v: Variant) => void;
}) {
  const product = useProductToPick(productId);
  if (product.isPending) return <SkeletonBlock className="admin-row__skeleton" />;
  if (!product.data) return null;
  return (
    <ul className="admin-list" aria-label={`Варианты: ${product.data.title}`}>
      {product.data.variants.map((v) => (
        <li key={v.id} className="admin-list__item admin-line" data-variant-id={v.id}>
          <span className="admin-line__text">
            <span>{[v.title, v.color].filter(Boolean).join(' · ')}</span>
            <span className="admin-muted">
              {formatPrice(v.price)} · {v.qty > 0 ? `в наличии ${v.qty} шт.` : 'нет в наличии'}
            </span>
          </span>
          <button
            type="button"
            className="admin-link-button"
            disabled={v.qty < 1}
            onClick={() => onAdd(product.data, v)}
          >
            Добавить
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LinePicker({ onAdd }: { onAdd: (line: PickedLine) => void }) {
  const [search, setSearch] = useState('');
  const q = useSettled(search);
  const products = useProductsToPick(q);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="admin-form">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Название или SPU"
        aria-label="Поиск товара"
      />
      {q.trim().length >= 2 && products.isSuccess && products.data.length === 0 && (
        <p className="admin-empty">Товары не найдены</p>
      )}
      {q.trim().length >= 2 && (products.data?.length ?? 0) > 0 && (
        <ul className="admin-list" aria-label="Найденные товары">
          {products.data!.map((p) => (
            <li key={p.id} className="admin-list__item">
              <button
                type="button"
                className="admin-link-button"
                aria-expanded={open === p.id}
                onClick={() => setOpen(open === p.id ? null : p.id)}
              >
                {p.title}
              </button>
              {open === p.id && (
                <Variants
                  productId={p.id}
                  onAdd={(product, variant) =>
                    onAdd({ productId: product.id, title: product.title, variant, quantity: 1 })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export type NewPoint = { cityCode: number; city: string; pointCode: string };

export function PointPicker({
  value,
  onChange,
}: {
  value: NewPoint | null;
  onChange: (p: NewPoint | null) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useSettled(search);
  const cities = useCities(q);
  const [city, setCity] = useState<{ code: number; name: string } | null>(null);
  const points = usePoints(city?.code ?? null);
  if (!city)
    return (
      <div className="admin-form">
        <SearchInput
          value={search}
          onValueChange={setSearch}
          placeholder="Начните вводить город"
          aria-label="Город"
        />
        {(cities.data?.length ?? 0) > 0 && q.trim().length >= 2 && (
          <ul className="admin-list" aria-label="Города">
            {cities.data!.slice(0, 6).map((c) => (
              <li key={c.code} className="admin-list__item">
                <button type="button" className="admin-link-button" onClick={() => setCity(c)}>
                  {c.full_name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  return (
    <div className="admin-form">
      <p className="admin-line">
        <span>{city.name}</span>
        <button
          type="button"
          className="admin-link-button"
          onClick={() => {
            setCity(null);
            onChange(null);
          }}
        >
          Другой город
        </button>
      </p>
      <label className="admin-field">
        <span>Пункт выдачи</span>
        <select
          className="admin-select"
          value={value?.pointCode ?? ''}
          onChange={(e) =>
            onChange(
              e.target.value ? { cityCode: city.code, city: city.name, pointCode: e.target.value } : null,
            )
          }
        >
          <option value="">{points.isPending ? 'Загрузка…' : 'Выберите пункт выдачи'}</option>
          {(points.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.address}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
