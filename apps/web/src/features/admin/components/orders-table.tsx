// The orders list as a table (@tanstack/react-table): a checkbox per row for the bulk change, the
// number, customer, status, sum and date; on a phone each row folds into a card (admin.css).
import type { AdminOrderRow } from '@shop/contract';
import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
} from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/price.ts';
import { formatDateTime } from '../admin-labels.ts';
import { AdminTable } from './admin-list.tsx';
import { StatusBadge } from './status-badge.tsx';
import { paths } from '../../../lib/paths.ts';

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, AdminOrderRow>();

const customer = (row: AdminOrderRow) =>
  [row.user.username ? `@${row.user.username}` : null, row.phone_number].filter(Boolean).join(' · ');

const columns = helper.columns([
  helper.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Выбрать все"
        checked={table.getIsAllRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Выбрать заказ ${row.original.id}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  helper.accessor('id', {
    header: '№',
    cell: ({ row }) => (
      <Link className="admin-table__order-link" to={paths.adminOrder(row.original.id)}>
        №{row.original.id}
      </Link>
    ),
  }),
  helper.accessor('recipient', {
    header: 'Покупатель',
    cell: ({ row }) => (
      <span className="admin-table__customer">
        <span>{row.original.recipient}</span>
        <span className="admin-muted">{customer(row.original)}</span>
      </span>
    ),
  }),
  helper.accessor('status', {
    header: 'Статус',
    cell: ({ row }) => (
      <span className="admin-table__badges">
        <StatusBadge status={row.original.status} />
        {row.original.needs_refund && <StatusBadge status="needs_refund" />}
      </span>
    ),
  }),
  helper.accessor('total', { header: 'Сумма', cell: ({ getValue }) => formatPrice(getValue()) }),
  helper.accessor('created_at', { header: 'Создан', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

/** A role that may not change orders gets no checkboxes at all. */
const readOnlyColumns = columns.filter((c) => c.id !== 'select');

type Props = {
  orders: AdminOrderRow[];
  selection: RowSelectionState;
  onSelectionChange: (updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) => void;
  selectable: boolean;
};

export function OrdersTable({ orders, selection, onSelectionChange, selectable }: Props) {
  const table = useTable({
    features,
    columns: selectable ? columns : readOnlyColumns,
    data: orders,
    getRowId: (row) => String(row.id),
    enableRowSelection: selectable,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
  });

  return (
    <AdminTable
      table={table}
      className={selectable ? undefined : 'admin-table--readonly'}
      rowProps={(row) => ({
        'data-order-id': row.original.id,
        className: row.getIsSelected() ? 'is-selected' : undefined,
      })}
    />
  );
}
