// The console's inventory (docs/product.md §12.6): every variant with its stock, units held by
// unpaid orders and sold in 30 days; `Мало` shows only the variants under the threshold; staff with
// `operate` change a variant's stock by a delta (`+5`, `-2`).
import './console-pages.css';
import { roleCan, type InventoryRow } from '@shop/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useChangeStock, useInventory } from '../api/inventory.ts';
import { useStaffRole } from '../use-staff-role.ts';

function StockDelta({ row }: { row: InventoryRow }) {
  const [delta, setDelta] = useState('');
  const change = useChangeStock();
  const value = Number(delta);
  const valid = delta !== '' && Number.isInteger(value) && value !== 0;
  const save = () =>
    change.mutate(
      { variantId: row.variant_id, delta: value },
      {
        onSuccess: (r) => {
          setDelta('');
          notify.success(`Остаток: ${r.stock} шт.`);
        },
      },
    );
  return (
    <span className="admin-inventory__delta">
      <input
        className="admin-input admin-input--num"
        inputMode="numeric"
        placeholder="±"
        value={delta}
        onChange={(e) => setDelta(e.target.value.replace(/[^\d-]/g, ''))}
        aria-label={`Изменить остаток: ${row.title}, ${row.variant_title}`}
      />
      <Button
        size="small"
        variant="light-primary"
        disabled={!valid}
        loading={change.isPending}
        onClick={save}
      >
        ОК
      </Button>
    </span>
  );
}

export function InventoryView() {
  const role = useStaffRole();
  const [low, setLow] = useState(false);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const inventory = useInventory({ low, q });
  const canOperate = roleCan(role, 'operate');

  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 350);
    return () => clearTimeout(timer);
  }, [search]);

  const rows = inventory.data?.pages.flatMap((p) => p.rows) ?? [];
  const threshold = inventory.data?.pages[0]?.threshold;
  return (
    <section className="admin-inventory">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Название или артикул"
        aria-label="Поиск по складу"
      />
      <div className="admin-tabs" role="tablist" aria-label="Остатки">
        {[
          { on: false, label: 'Все' },
          { on: true, label: threshold ? `Мало (меньше ${threshold})` : 'Мало' },
        ].map((t) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={low === t.on}
            className={`admin-tab${low === t.on ? ' admin-tab--active' : ''}`}
            onClick={() => setLow(t.on)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {inventory.isError && (
        <p className="admin-error" role="alert">
          {inventory.error.message}
        </p>
      )}
      {inventory.isPending && (
        <div className="admin-card">
          <SkeletonBlock className="admin-row__skeleton" />
          <SkeletonBlock className="admin-row__skeleton" />
        </div>
      )}
      {inventory.isSuccess && rows.length === 0 && (
        <p className="admin-empty">{low ? 'Всего хватает' : 'Ничего не найдено'}</p>
      )}
      {rows.length > 0 && (
        <ul className="admin-list admin-card" aria-label="Склад">
          {rows.map((r) => (
            <li
              key={r.variant_id}
              className="admin-list__item admin-line"
              data-variant-id={r.variant_id}
              data-product-id={r.product_id}
            >
              <span className="admin-line__text">
                <span>{r.title}</span>
                <span className="admin-muted">
                  {[r.size && `размер ${r.size}`, r.color, r.sku, formatPrice(r.price)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="admin-inventory__numbers">
                  <span className={r.low ? 'admin-badge admin-badge--bad' : 'admin-badge admin-badge--ok'}>
                    {r.low ? 'мало' : 'в наличии'}: {r.stock} шт.
                  </span>
                  <span className="admin-muted">
                    в резерве {r.reserved} · продано за 30 дней {r.sold_30d}
                  </span>
                </span>
              </span>
              {canOperate && <StockDelta row={r} />}
            </li>
          ))}
        </ul>
      )}
      {inventory.hasNextPage && (
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          loading={inventory.isFetchingNextPage}
          onClick={() => void inventory.fetchNextPage()}
        >
          Показать ещё
        </Button>
      )}
    </section>
  );
}
