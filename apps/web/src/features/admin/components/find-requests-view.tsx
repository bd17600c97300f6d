// «Запросы» (docs/product.md §14.3): shoppers' find requests in a table by status; a request opens
// as a card (find-request-card.tsx) with a quote form or a rejection.
import {
  FIND_REQUEST_STATUS_RU,
  FIND_REQUEST_STATUSES,
  POIZON_BUTTON_RU,
  type AdminFindRequest,
  type FindRequestStatus,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState } from 'react';
import { formatPrice } from '../../../lib/price.ts';
import { formatDateTime } from '../admin-labels.ts';
import { findRequestsAdminQueryOptions } from '../api/find-requests.ts';
import { AdminTable, StatusTabs } from './admin-list.tsx';
import { FindRequestCard, requestWhat } from './find-request-card.tsx';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminFindRequest>();

const columns = helper.columns([
  helper.accessor('id', { header: '№', cell: ({ getValue }) => `№${getValue()}` }),
  helper.display({
    id: 'item',
    header: 'Товар',
    cell: ({ row }) => (
      <span className="admin-table__customer">
        <span className="admin-find__what">{requestWhat(row.original)}</span>
        <span className="admin-muted">
          {[
            row.original.size,
            row.original.color,
            row.original.button ? POIZON_BUTTON_RU[row.original.button] : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
    ),
  }),
  helper.display({
    id: 'user',
    header: 'Покупатель',
    cell: ({ row }) =>
      row.original.user.username ? `@${row.original.user.username}` : row.original.user.first_name,
  }),
  helper.accessor('status', { header: 'Статус', cell: ({ getValue }) => FIND_REQUEST_STATUS_RU[getValue()] }),
  helper.accessor('quote_rub', {
    header: 'Цена',
    cell: ({ getValue }) => (getValue() === null ? '—' : formatPrice(getValue()!)),
  }),
  helper.accessor('created_at', { header: 'Создан', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

const OPEN: FindRequestStatus[] = ['new', 'in_progress'];
const TABS = ['open', ...FIND_REQUEST_STATUSES, 'all'] as const;

export function FindRequestsView() {
  const [tab, setTab] = useState<FindRequestStatus | 'open' | 'all'>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const status = tab === 'open' ? OPEN : tab === 'all' ? [] : [tab];
  const list = useQuery(findRequestsAdminQueryOptions(status));
  const items = list.data?.items ?? [];
  const table = useTable({ features, columns, data: items, getRowId: (r) => String(r.id) });
  const current = items.find((r) => r.id === selected) ?? null;
  const counts = list.data?.counts;

  return (
    <section className="admin-find">
      <StatusTabs
        label="Статусы запросов"
        tabs={TABS.map((t) => ({
          value: t,
          label: t === 'open' ? 'Ждут цены' : t === 'all' ? 'Все' : FIND_REQUEST_STATUS_RU[t],
          count:
            counts && t !== 'all' ? (t === 'open' ? counts.new + counts.in_progress : counts[t]) : undefined,
        }))}
        active={tab}
        onSelect={(t) => {
          setTab(t);
          setSelected(null);
        }}
      />
      {list.isError && (
        <p className="admin-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.isSuccess && items.length === 0 && <p className="admin-empty">Запросов нет</p>}
      {items.length > 0 && (
        <AdminTable
          table={table}
          className="admin-table--readonly"
          rowProps={(row) => ({
            'data-request-id': row.original.id,
            className: row.original.id === selected ? 'is-selected' : undefined,
            onClick: () => setSelected(row.original.id),
            style: { cursor: 'pointer' },
          })}
        />
      )}
      {current && <FindRequestCard key={current.id} r={current} />}
    </section>
  );
}
