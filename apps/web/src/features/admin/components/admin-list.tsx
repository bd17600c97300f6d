// The pieces every console list is made of (orders, blogger applications, payouts, find requests):
// the status tabs with their counts, the table of a @tanstack/react-table instance (a cell class per
// column, which admin.css turns into a card per row on a phone), and a paged list's loading, error,
// empty and «Показать ещё» states.
import type { ReactTable, Row, RowData, TableFeatures } from '@tanstack/react-table';
import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export type StatusTab<T extends string> = {
  value: T;
  label: string;
  /** Shown beside the label when given (pass undefined to hide it). */
  count?: number | undefined;
  /** Highlights the count while the tab is not the active one. */
  alert?: boolean;
};

export function StatusTabs<T extends string>({
  label,
  tabs,
  active,
  onSelect,
}: {
  label: string;
  tabs: readonly StatusTab<T>[];
  /** The selected tab, or none (orders filtered by several statuses). */
  active: T | undefined;
  onSelect: (value: T) => void;
}) {
  return (
    <div className="admin-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === active}
          className={`admin-tab${tab.value === active ? ' admin-tab--active' : ''}${tab.alert ? ' admin-tab--alert' : ''}`}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
          {tab.count !== undefined && <span className="admin-tab__count">{tab.count}</span>}
        </button>
      ))}
    </div>
  );
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>;

export function AdminTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  className,
  label,
  rowProps,
}: {
  table: ReactTable<TFeatures, TData>;
  /** Added to `admin-table`: `admin-table--plain` (one column under another on a phone), `--readonly`. */
  className?: string;
  label?: string;
  /** The row's data attribute for the tests, its selection class and click handler. */
  rowProps: (row: Row<TFeatures, TData>) => RowAttributes;
}) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'} aria-label={label}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} className={`admin-table__cell--${header.column.id}`}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} {...rowProps(row)}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id} className={`admin-table__cell--${cell.column.id}`}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a paged list needs of its `useInfiniteQuery` result. */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** «Загружаем…», «Не удалось загрузить …: why · Повторить», the empty line, or the list; then «Показать ещё». */
export function PagedList({
  query,
  what,
  empty,
  isEmpty,
  children,
}: {
  query: PagedQuery;
  /** The end of «Не удалось загрузить …». */
  what: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending ? (
        <p className="admin-muted">Загружаем…</p>
      ) : query.isError ? (
        <p className="admin-error">
          Не удалось загрузить {what}: {query.error?.message}{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Повторить
          </button>
        </p>
      ) : isEmpty ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        children
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Показать ещё
        </Button>
      )}
    </>
  );
}
