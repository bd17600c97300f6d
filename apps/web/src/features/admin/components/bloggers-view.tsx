// The console's «Блогеры» (docs/product.md §13, DESIGN §8): applications by status with counts, a
// table of them (@tanstack/react-table), and for the one opened: approve with the commission and
// erid, reject with a reason, or ask for changes with a comment. Moderators and owners decide;
// everyone else reads.
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
import { notify } from '../../../components/ui/notify.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatPrice } from '../../../lib/price.ts';
import { formatDateTime } from '../admin-labels.ts';
import { useAdminBloggers, useDecideBlogger, type BloggerDecision } from '../api/programmes-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { AdminTable, PagedList, StatusTabs } from './admin-list.tsx';
import { keepFiltered } from '../../../lib/filtered-input.ts';

const TONE: Record<BloggerStatus, string> = {
  pending: 'pending',
  changes_requested: 'pending',
  approved: 'done',
  rejected: 'bad',
  suspended: 'bad',
};

export const REJECT_REASONS = ['Мало подписчиков', 'Неподходящая тематика', 'Накрутка', 'Другое'] as const;

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
            <span className={`admin-badge admin-badge--${TONE[getValue()]}`}>
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

function BloggerCard({
  blogger,
  canDecide,
  onDone,
}: {
  blogger: AdminBlogger;
  canDecide: boolean;
  onDone: () => void;
}) {
  const decide = useDecideBlogger();
  const [commission, setCommission] = useState(String(blogger.commission_percent));
  const [erid, setErid] = useState(blogger.erid ?? '');
  const [reason, setReason] = useState<string>(REJECT_REASONS[0]);
  const [reasonText, setReasonText] = useState('');
  const [comment, setComment] = useState('');

  const run = (decision: BloggerDecision, done: string) =>
    decide.mutate(
      { id: blogger.id, decision },
      {
        onSuccess: () => {
          notify.success(done);
          onDone();
        },
        onError: (e) => notify.error(errorMessage(e, 'Не удалось сохранить решение')),
      },
    );

  const percent = Number(commission);
  const percentOk = Number.isInteger(percent) && percent >= 1 && percent <= 20;
  const decidable = blogger.status !== 'rejected';

  return (
    <article className="admin-card" aria-label={`Заявка ${blogger.promo_code}`}>
      <div className="admin-card__title-row">
        <h2 className="admin-card__title">Заявка {blogger.promo_code}</h2>
        <span className={`admin-badge admin-badge--${TONE[blogger.status]}`}>
          {BLOGGER_STATUS_RU[blogger.status]}
        </span>
      </div>
      <dl className="admin-facts">
        <dt>Контакт</dt>
        <dd>{blogger.contact}</dd>
        <dt>Telegram</dt>
        <dd>
          {blogger.user.first_name}
          {blogger.user.username ? ` @${blogger.user.username}` : ''} · id {blogger.user.telegram_id}
        </dd>
        <dt>Аудитория</dt>
        <dd>
          {blogger.followers.toLocaleString('ru-RU')} · {BLOGGER_PLATFORM_RU[blogger.platform]} ·{' '}
          {blogger.topic}
        </dd>
        {blogger.moderator_comment && (
          <>
            <dt>Комментарий</dt>
            <dd>{blogger.moderator_comment}</dd>
          </>
        )}
        <dt>Баланс</dt>
        <dd>
          {formatPrice(blogger.balance.available)} доступно · {formatPrice(blogger.balance.pending)} ожидает ·{' '}
          {formatPrice(blogger.balance.paid_total)} выплачено
        </dd>
      </dl>

      {canDecide && decidable && (
        <div className="admin-form">
          <h3 className="admin-card__title">{blogger.status === 'approved' ? 'Условия' : 'Одобрить'}</h3>
          <div className="admin-actions">
            <label className="admin-field">
              Комиссия, %
              <input
                className="admin-input admin-input--num"
                inputMode="numeric"
                value={commission}
                onChange={(e) =>
                  setCommission(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '').slice(0, 2)))
                }
                aria-invalid={!percentOk || undefined}
              />
            </label>
            <label className="admin-field">
              erid
              <input
                className="admin-input"
                value={erid}
                onChange={(e) => setErid(e.target.value)}
                placeholder="2Vtzqx…"
              />
            </label>
          </div>
          {!percentOk && <p className="admin-error">Комиссия 1–20 %</p>}
          <Button
            size="medium"
            disabled={!percentOk}
            loading={decide.isPending}
            onClick={() =>
              run(
                {
                  kind: 'approve',
                  body: { commission_percent: percent, ...(erid.trim() ? { erid: erid.trim() } : {}) },
                },
                blogger.status === 'approved' ? 'Условия сохранены' : 'Заявка одобрена',
              )
            }
          >
            {blogger.status === 'approved' ? 'Сохранить условия' : 'Одобрить'}
          </Button>

          {blogger.status !== 'approved' && (
            <>
              <h3 className="admin-card__title">Уточнить</h3>
              <textarea
                className="admin-input"
                rows={2}
                aria-label="Что уточнить"
                placeholder="Пришлите ссылку на основной канал"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
              <Button
                variant="secondary"
                size="medium"
                disabled={!comment.trim()}
                loading={decide.isPending}
                onClick={() =>
                  run({ kind: 'request-changes', comment: comment.trim() }, 'Запрос уточнения отправлен')
                }
              >
                Запросить уточнения
              </Button>

              <h3 className="admin-card__title">Отклонить</h3>
              <select
                className="admin-select"
                aria-label="Причина"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              >
                {REJECT_REASONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
              {reason === 'Другое' && (
                <input
                  className="admin-input"
                  aria-label="Причина отказа"
                  placeholder="Причина отказа"
                  value={reasonText}
                  onChange={(e) => setReasonText(e.target.value)}
                />
              )}
              <Button
                variant="error"
                size="medium"
                disabled={reason === 'Другое' && !reasonText.trim()}
                loading={decide.isPending}
                onClick={() =>
                  run(
                    { kind: 'reject', reason: reason === 'Другое' ? reasonText.trim() : reason },
                    'Заявка отклонена',
                  )
                }
              >
                Отклонить
              </Button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
