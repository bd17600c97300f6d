// The console's «Выплаты» (docs/product.md §13, DESIGN §8): withdrawal requests by status; for an
// active one, the full details (read once, audit-logged by the server), «Выплачено» with an
// optional receipt link, or «Отклонить» with a reason (the amount returns to the blogger).
import {
  PAYOUT_STATUS_RU,
  PAYOUT_STATUSES,
  roleCan,
  TAX_STATUS_RU,
  type AdminPayout,
  type PayoutStatus,
} from '@shop/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { formatDateTime } from '../admin-labels.ts';
import {
  useRevealPayoutDetails,
  useAdminPayouts,
  useDecidePayout,
  type PayoutDecision,
} from '../api/programmes-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { AdminTable, PagedList, StatusTabs } from './admin-list.tsx';

const TONE: Record<PayoutStatus, string> = {
  pending: 'pending',
  processing: 'ok',
  paid: 'done',
  rejected: 'bad',
  canceled: 'bad',
};

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminPayout>();

export function PayoutsView() {
  const role = useStaffRole();
  const canDecide = roleCan(role, 'bloggers');
  const [status, setStatus] = useState<PayoutStatus>('pending');
  const payouts = useAdminPayouts(status);
  const rows = useMemo(() => payouts.data?.pages.flatMap((p) => p.items) ?? [], [payouts.data]);
  const active = status === 'pending' || status === 'processing';

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('amount', {
          header: 'Сумма',
          cell: ({ row }) => (
            <span className="admin-table__customer">
              <strong>{formatPrice(row.original.amount)}</strong>
              <span className="admin-muted">
                {row.original.blogger.promo_code} · {row.original.blogger.first_name}
              </span>
            </span>
          ),
        }),
        helper.accessor('details_masked', {
          header: 'Куда',
          cell: ({ row }) => (
            <span className="admin-table__customer">
              <span>{row.original.details_masked}</span>
              <span className="admin-muted">
                {row.original.full_name} · {TAX_STATUS_RU[row.original.tax_status]} · ИНН {row.original.inn}
              </span>
            </span>
          ),
        }),
        helper.accessor('status', {
          header: 'Статус',
          cell: ({ row }) => (
            <span className="admin-table__customer">
              <span className={`admin-badge admin-badge--${TONE[row.original.status]}`}>
                {PAYOUT_STATUS_RU[row.original.status]}
              </span>
              {row.original.reject_reason && (
                <span className="admin-muted">{row.original.reject_reason}</span>
              )}
            </span>
          ),
        }),
        helper.accessor('created_at', {
          header: 'Создана',
          cell: ({ getValue }) => formatDateTime(getValue()),
        }),
        ...(canDecide && active
          ? [
              helper.display({
                id: 'actions',
                header: '',
                cell: ({ row }) => <PayoutActions payout={row.original} />,
              }),
            ]
          : []),
      ]),
    [canDecide, active],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.id) });

  return (
    <section className="admin-programmes">
      <StatusTabs
        label="Статусы выплат"
        tabs={PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_RU[s] }))}
        active={status}
        onSelect={setStatus}
      />
      <PagedList
        query={payouts}
        what="выплаты"
        empty="Заявок на вывод в этом статусе нет."
        isEmpty={rows.length === 0}
      >
        <AdminTable
          table={table}
          className="admin-table--plain"
          label="Заявки на вывод"
          rowProps={(row) => ({ 'data-payout-id': row.original.id })}
        />
      </PagedList>
    </section>
  );
}

function PayoutActions({ payout }: { payout: AdminPayout }) {
  const decide = useDecidePayout();
  const revealDetails = useRevealPayoutDetails();
  const [details, setDetails] = useState<string | null>(null);
  const [mode, setMode] = useState<'idle' | 'paid' | 'reject'>('idle');
  const [text, setText] = useState('');

  const run = (decision: PayoutDecision, done: string) =>
    decide.mutate({ id: payout.id, decision }, { onSuccess: () => notify.success(done) });

  const reveal = async () => {
    const ok = await confirm({
      title: 'Показать реквизиты?',
      message: 'Просмотр полных реквизитов записывается в журнал.',
      confirmText: 'Показать',
      cancelText: 'Отмена',
    });
    if (!ok) return;
    revealDetails.mutate(payout.id, {
      onSuccess: (d) =>
        setDetails(d.method === 'sbp' ? `СБП · ${d.bank ?? ''} · ${d.phone ?? ''}` : `Карта ${d.card ?? ''}`),
    });
  };

  return (
    <div className="admin-form">
      {details ? (
        <code className="admin-mono">{details}</code>
      ) : (
        <Button variant="secondary" size="small" onClick={() => void reveal()}>
          Реквизиты
        </Button>
      )}
      {mode === 'idle' ? (
        <div className="admin-actions">
          <Button size="small" onClick={() => setMode('paid')}>
            Выплачено
          </Button>
          <Button variant="error" size="small" onClick={() => setMode('reject')}>
            Отклонить
          </Button>
        </div>
      ) : (
        <>
          <input
            className="admin-input"
            aria-label={mode === 'paid' ? 'Ссылка на чек' : 'Причина отказа'}
            placeholder={mode === 'paid' ? 'Ссылка на чек (необязательно)' : 'Причина отказа'}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="admin-actions">
            <Button
              size="small"
              variant={mode === 'paid' ? 'primary' : 'error'}
              loading={decide.isPending}
              disabled={mode === 'reject' && !text.trim()}
              onClick={() =>
                mode === 'paid'
                  ? run(
                      { kind: 'paid', ...(text.trim() ? { receipt_url: text.trim() } : {}) },
                      'Выплата отмечена',
                    )
                  : run(
                      { kind: 'reject', reason: text.trim() },
                      'Заявка отклонена, сумма вернулась на баланс',
                    )
              }
            >
              {mode === 'paid' ? 'Отметить выплаченной' : 'Отклонить заявку'}
            </Button>
            <Button variant="secondary" size="small" onClick={() => setMode('idle')}>
              Отмена
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
