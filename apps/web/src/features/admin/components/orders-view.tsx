// The console's orders (docs/product.md §12.2): tabs by status with counts («Нужен возврат» first), a
// multi-status filter, dates, a search and a sort (all in the address), saved filters, keyset pages of
// 25/50/100 behind «Показать ещё», the CSV export of the current filter, and a bulk status change.
import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDER_TABS,
  ORDER_STATUSES,
  roleCan,
  type AdminOrderCounts,
  type AdminOrderSort,
  type AdminOrderTab,
  type OrderStatus,
} from '@shop/contract';
import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useAdminOrders, type AdminOrderFilter } from '../api/get-admin-orders.ts';
import { useBulkChangeOrderStatus } from '../api/change-order-status.ts';
import { useDownloadOrdersCsv } from '../api/export-orders-csv.ts';
import { commonNextStatuses, SORT_RU, TAB_RU } from '../admin-labels.ts';
import { useOrderFilter } from '../use-order-filter.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { StatusTabs } from './admin-list.tsx';
import { OrdersTable } from './orders-table.tsx';
import { OrderViews, PageSizeSelect, readPageSize } from './order-views.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DateRangeFields } from './date-range-fields.tsx';

const allCount = (counts: AdminOrderCounts | undefined) =>
  counts ? ORDER_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;

const TABS_IN_ORDER: readonly AdminOrderTab[] = [
  'needs_refund',
  ...ADMIN_ORDER_TABS.filter((t) => t !== 'needs_refund'),
];

export function OrdersView() {
  const role = useStaffRole();
  const { filter, update } = useOrderFilter();
  const [search, setSearch] = useState(filter.q);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pageSize, setPageSize] = useState(readPageSize);
  const orders = useAdminOrders(filter, pageSize);

  // Typing settles for a moment before it becomes a request.
  useEffect(() => {
    if (search === filter.q) return;
    const timer = setTimeout(() => update({ q: search }), 350);
    return () => clearTimeout(timer);
  }, [search, filter.q, update]);

  const rows = useMemo(() => orders.data?.pages.flatMap((p) => p.orders) ?? [], [orders.data]);
  const counts = orders.data?.pages[0]?.counts;
  const selected = rows.filter((r) => selection[String(r.id)]);
  const single = filter.statuses.length === 1 ? filter.statuses[0] : undefined;
  const canOperate = roleCan(role, 'operate');

  const setTab = (tab: AdminOrderTab | null) => {
    setSelection({});
    update({ statuses: tab ? [tab] : [] });
  };
  const toggleStatus = (tab: AdminOrderTab) => {
    setSelection({});
    update({
      statuses: filter.statuses.includes(tab)
        ? filter.statuses.filter((s) => s !== tab)
        : [...filter.statuses, tab],
    });
  };

  return (
    <section className="admin-orders">
      <StatusTabs<AdminOrderTab | 'all'>
        label="Статусы заказов"
        tabs={[
          { value: 'all', label: 'Все', count: allCount(counts) },
          // «Нужен возврат» (money the shop owes) first, where it cannot be scrolled out of sight.
          ...TABS_IN_ORDER.map((tab) => ({
            value: tab,
            label: TAB_RU[tab],
            count: counts?.[tab],
            alert: tab === 'needs_refund' && (counts?.needs_refund ?? 0) > 0,
          })),
        ]}
        active={filter.statuses.length === 0 ? 'all' : single}
        onSelect={(tab) => setTab(tab === 'all' ? null : tab)}
      />

      <div className="admin-filters">
        <SearchInput
          value={search}
          onValueChange={setSearch}
          placeholder="Номер, имя, телефон или @username"
          aria-label="Поиск заказов"
        />
        <div className="admin-filters__row">
          <DateRangeFields from={filter.from} to={filter.to} onChange={update} />
          <details className="admin-multi">
            <summary>Статусы{filter.statuses.length > 0 ? ` · ${filter.statuses.length}` : ''}</summary>
            <div className="admin-multi__list">
              {ADMIN_ORDER_TABS.map((tab) => (
                <label key={tab} className="admin-check">
                  <input
                    type="checkbox"
                    checked={filter.statuses.includes(tab)}
                    onChange={() => toggleStatus(tab)}
                  />
                  {TAB_RU[tab]}
                </label>
              ))}
            </div>
          </details>
          <SortSelect
            value={filter.sort}
            onChange={(sort) => {
              setSelection({});
              update({ sort });
            }}
          />
          <PageSizeSelect value={pageSize} onChange={setPageSize} />
          <ExportButtons filter={filter} />
        </div>
        <OrderViews />
      </div>

      {orders.isError ? (
        <p className="admin-error" role="alert">
          {orders.error.message}
        </p>
      ) : orders.isPending ? (
        <div className="admin--center" role="status" aria-label="Загрузка">
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <p className="admin-empty">Заказов нет</p>
      ) : (
        <>
          <OrdersTable
            orders={rows}
            selection={selection}
            onSelectionChange={setSelection}
            selectable={canOperate}
          />
          {orders.hasNextPage && (
            <Button
              variant="light-primary"
              size="medium"
              fullWidth
              loading={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
        </>
      )}

      {canOperate && selected.length > 0 && (
        <BulkBar
          ids={selected.map((r) => r.id)}
          statuses={commonNextStatuses(
            selected.map((r) => r.status),
            role,
          )}
          onDone={() => setSelection({})}
        />
      )}
    </section>
  );
}

function BulkBar({ ids, statuses, onDone }: { ids: number[]; statuses: OrderStatus[]; onDone: () => void }) {
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const change = useBulkChangeOrderStatus();
  const [tell, setTell] = useState(true);
  const value = target && statuses.includes(target) ? target : '';

  const apply = async () => {
    if (!value) return;
    const ok = await confirm({
      title: `Изменить статус ${ids.length} ${ids.length === 1 ? 'заказа' : 'заказов'}?`,
      message: `Новый статус: «${TAB_RU[value]}». ${tell ? 'Покупатели получат уведомление.' : 'Покупатели не получат сообщения.'}`,
      confirmText: 'Изменить',
      cancelText: 'Отмена',
    });
    if (!ok) return;
    change.mutate(
      { ids, status: value, notify: tell },
      {
        onSuccess: ({ changed, total }) => {
          if (changed === total) notify.success(`Статус изменён: ${total}`);
          else notify.warning(`Изменено ${changed} из ${total}; остальные уже в другом статусе`);
        },
        onSettled: onDone,
      },
    );
  };

  return (
    <div className="admin-bulk" role="region" aria-label="Действия с выбранными">
      <span className="admin-bulk__count">Выбрано: {ids.length}</span>
      <select
        className="admin-select"
        aria-label="Новый статус"
        value={value}
        disabled={statuses.length === 0}
        onChange={(e) => setTarget(e.target.value as OrderStatus)}
      >
        <option value="">{statuses.length === 0 ? 'Нет общего перехода' : 'Новый статус…'}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {TAB_RU[s]}
          </option>
        ))}
      </select>
      <label className="admin-check">
        <input type="checkbox" checked={tell} onChange={(e) => setTell(e.target.checked)} />
        Уведомить
      </label>
      <Button size="small" disabled={!value} loading={change.isPending} onClick={() => void apply()}>
        Применить
      </Button>
    </div>
  );
}

function SortSelect({
  value,
  onChange,
}: {
  value: AdminOrderSort;
  onChange: (sort: AdminOrderSort) => void;
}) {
  return (
    <label className="admin-field">
      <span>Сортировка</span>
      <select
        className="admin-select"
        value={value}
        onChange={(e) => onChange(e.target.value as AdminOrderSort)}
      >
        {ADMIN_ORDER_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_RU[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The CSV exports of the current filter: one row per order, or one per order line. */
function ExportButtons({ filter }: { filter: AdminOrderFilter }) {
  const download = useDownloadOrdersCsv(filter);
  return (
    <>
      <Button variant="secondary" size="small" loading={download.isPending} onClick={() => download.mutate('orders')}>
        CSV
      </Button>
      <Button variant="secondary" size="small" loading={download.isPending} onClick={() => download.mutate('lines')}>
        CSV по позициям
      </Button>
    </>
  );
}
