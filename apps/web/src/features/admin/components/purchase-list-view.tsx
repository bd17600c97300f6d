// The Poizon purchase list (docs/product.md §12.6): what paid orders need bought, one card per
// product, size and colour with its orders and quantities and a link to Poizon; tick the lines
// bought and mark them — an order all of whose lines are bought moves to «Выкупаем товар»; the
// list as an XLSX file, one row per line.
import './console-pages.css';
import { roleCan } from '@shop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatPrice } from '../../../lib/price.ts';
import { plural } from '../../../lib/plural.ts';
import { downloadPurchaseXlsx, useMarkBought, usePurchaseList } from '../api/purchase-list.ts';
import { useStaffRole } from '../use-staff-role.ts';

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const;
const LINE_FORMS = ['строка', 'строки', 'строк'] as const;

export function PurchaseListView() {
  const role = useStaffRole();
  const list = usePurchaseList();
  const mark = useMarkBought();
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const canOperate = roleCan(role, 'operate');

  const toggle = (ids: number[], on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const markBought = () =>
    mark.mutate([...ticked], {
      onSuccess: (r) => {
        setTicked(new Set());
        notify.success(
          r.moved_orders.length > 0
            ? `Выкуплено. ${r.moved_orders.length} ${plural(r.moved_orders.length, ORDER_FORMS)} → «Выкупаем товар»`
            : 'Строки отмечены выкупленными',
        );
      },
    });

  const xlsx = useMutation({
    mutationFn: downloadPurchaseXlsx,
    meta: { errorMessage: 'Не удалось выгрузить список' },
  });

  const data = list.data;
  return (
    <section className="admin-purchase">
      <div className="admin-actions">
        <span className="admin-muted">
          {data ? `${data.lines} ${plural(data.lines, LINE_FORMS)} · ${data.units} шт.` : 'Загрузка…'}
        </span>
        <Button variant="light-primary" size="small" loading={xlsx.isPending} onClick={() => xlsx.mutate()}>
          XLSX
        </Button>
      </div>
      {list.isError && (
        <p className="admin-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.isPending && (
        <div className="admin-card">
          <SkeletonBlock className="admin-row__skeleton" />
          <SkeletonBlock className="admin-row__skeleton" />
        </div>
      )}
      {data && data.groups.length === 0 && (
        <p className="admin-empty">Выкупать нечего: все оплаченные заказы выкуплены</p>
      )}
      {data?.groups.map((g) => {
        const ids = g.lines.map((l) => l.id);
        const all = ids.every((id) => ticked.has(id));
        return (
          <article
            key={`${g.product_id}-${g.variant_id}`}
            className="admin-card admin-purchase__group"
            data-variant-id={g.variant_id}
          >
            <div className="admin-line">
              <span className="admin-line__text">
                <strong>{g.title}</strong>
                <span className="admin-muted">
                  {/* The variant's title repeats the product's; only a variant without size and colour needs it. */}
                  {(g.size || g.color ? [g.size && `размер ${g.size}`, g.color] : [g.variant_title])
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <span className="admin-purchase__qty">{g.quantity} шт.</span>
            </div>
            {g.poizon_url && (
              <a className="admin-purchase__poizon" href={g.poizon_url} target="_blank" rel="noreferrer">
                Открыть на Poizon
              </a>
            )}
            <ul className="admin-list">
              {g.lines.map((l) => (
                <li key={l.id} className="admin-list__item admin-line">
                  <label className="admin-check">
                    {canOperate && (
                      <input
                        type="checkbox"
                        checked={ticked.has(l.id)}
                        onChange={(e) => toggle([l.id], e.target.checked)}
                        aria-label={`Строка заказа №${l.order_id}`}
                      />
                    )}
                    <Link to={paths.adminOrder(l.order_id)}>№{l.order_id}</Link>
                    <span className="admin-muted">
                      {l.quantity} шт. · {formatPrice(l.price)}
                      {l.sku ? ` · ${l.sku}` : ''}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {canOperate && g.lines.length > 1 && (
              <button type="button" className="admin-link-button" onClick={() => toggle(ids, !all)}>
                {all ? 'Снять все' : 'Выбрать все'}
              </button>
            )}
          </article>
        );
      })}
      {canOperate && ticked.size > 0 && (
        <div className="admin-bulk" role="region" aria-label="Выкуп">
          <span className="admin-bulk__count">Выбрано: {ticked.size}</span>
          <Button size="medium" loading={mark.isPending} onClick={markBought}>
            Выкуплено
          </Button>
        </div>
      )}
    </section>
  );
}
