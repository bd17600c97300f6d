// The console's «Блогеры» (docs/product.md §13, DESIGN §8): applications by status with counts, a
// table of them (@tanstack/react-table), and the one opened as a card (blogger-card.tsx) where
// moderators and owners decide; everyone else reads.
import {
  BLOGGER_PLATFORM_RU,
  BLOGGER_STATUS_RU,
  BLOGGER_STATUSES,
  roleCan,
  type AdminBlogger,
  type BloggerStatus,
} from '@shop/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StoredLink } from '../../../components/ui/stored-link.tsx';
import { formatDateTime } from '../admin-labels.ts';
import { useAdminBloggers } from '../api/programmes-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { AdminTable, PagedList, StatusTabs } from './admin-list.tsx';
import { BLOGGER_TONE, BloggerCard } from './blogger-card.tsx';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminBlogger>();

export function BloggersView() {
  const role = useStaffRole();
  const canDecide = roleCan(role, 'bloggers');
  const [status, setStatus] = useState<BloggerStatus>('pending');
  const [openId, setOpenId] = useState<number | null>(null);
  const bloggers = useAdminBloggers(status);
  const rows = useMemo(() => bloggers.data?.pages.flatMap((p) => p.items) ?? [], [bloggers.data]);
  const counts = bloggers.data?.pages[0]?.counts;
  const open = rows.find((r) => r.id === openId) ?? null;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('promo_code', {
          header: 'Блогер',
          cell: ({ row }) => (
            <span className="admin-table__customer">
              <strong>{row.original.promo_code}</strong>
              <span className="admin-muted">
                {row.original.user.first_name}
                {row.original.user.username ? ` · @${row.original.user.username}` : ''}
              </span>
            </span>
          ),
        }),
        helper.accessor('url', {
          header: 'Канал',
          cell: ({ row }) => (
            <span className="admin-table__customer">
              <StoredLink url={row.original.url}>{row.original.url.replace(/^https?:\/\//, '')}</StoredLink>
              <span className="admin-muted">
                {BLOGGER_PLATFORM_RU[row.original.platform]} ·{' '}
                {row.original.followers.toLocaleString('ru-RU')} · {row.original.topic}
              </span>
            </span>
          ),
        }),
        helper.accessor('status', {
          header: 'Статус',
          cell: ({ getValue }) => (
            <span className={`admin-badge admin-badge--${BLOGGER_TONE[getValue()]}`}>
              {BLOGGER_STATUS_RU[getValue()]}
            </span>
          ),
        }),
        helper.accessor('submitted_at', {
          header: 'Подана',
          cell: ({ getValue }) => formatDateTime(getValue()),
        }),
        helper.display({
          id: 'open',
          header: '',
          cell: ({ row }) => (
            <Button
              size="small"
              variant={row.original.id === openId ? 'primary' : 'light-primary'}
              onClick={() => setOpenId(row.original.id === openId ? null : row.original.id)}
            >
              {row.original.id === openId ? 'Скрыть' : 'Открыть'}
            </Button>
          ),
        }),
      ]),
    [openId],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.id) });

  return (
    <section className="admin-programmes">
      <StatusTabs
        label="Статусы заявок"
        tabs={BLOGGER_STATUSES.map((s) => ({
          value: s,
          label: BLOGGER_STATUS_RU[s],
          count: counts?.[s] || undefined,
        }))}
        active={status}
        onSelect={(s) => {
          setStatus(s);
          setOpenId(null);
        }}
      />

      <PagedList
        query={bloggers}
        what="заявки"
        empty="Заявок в этом статусе нет."
        isEmpty={rows.length === 0}
      >
        <AdminTable
          table={table}
          className="admin-table--plain"
          label="Заявки блогеров"
          rowProps={(row) => ({
            'data-blogger-id': row.original.id,
            className: row.original.id === openId ? 'is-selected' : undefined,
          })}
        />
      </PagedList>

      {open && (
        <BloggerCard key={open.id} blogger={open} canDecide={canDecide} onDone={() => setOpenId(null)} />
      )}
    </section>
  );
}
