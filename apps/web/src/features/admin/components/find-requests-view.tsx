// «Запросы» (docs/product.md §14.3): shoppers' find requests in a table by status; a request opens a
// quote form (yuan and weight → the price by the formula and the current settings) or a rejection.
import {
  computeFindPrice,
  FIND_REQUEST_STATUS_RU,
  FIND_REQUEST_STATUSES,
  POIZON_BUTTON_RU,
  REJECT_REASONS_RU,
  roleCan,
  type AdminFindRequest,
  type FindRequestStatus,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StoredLink } from '../../../components/ui/stored-link.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { formatPrice } from '../../../lib/price.ts';
import { formatDateTime } from '../admin-labels.ts';
import {
  findRequestsAdminQueryOptions,
  findSettingsQueryOptions,
  useFindRequestAction,
} from '../api/find-requests.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { AdminTable, StatusTabs } from './admin-list.tsx';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminFindRequest>();

const what = (r: AdminFindRequest) =>
  r.query ?? r.url ?? (r.spu_id ? `spuId ${r.spu_id}` : r.source === 'photo' ? 'По фото покупателя' : '—');

const columns = helper.columns([
  helper.accessor('id', { header: '№', cell: ({ getValue }) => `№${getValue()}` }),
  helper.display({
    id: 'item',
    header: 'Товар',
    cell: ({ row }) => (
      <span className="admin-table__customer">
        <span className="admin-find__what">{what(row.original)}</span>
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
      {current && <RequestCard key={current.id} r={current} />}
    </section>
  );
}

function RequestCard({ r }: { r: AdminFindRequest }) {
  const canQuote = roleCan(useStaffRole(), 'quotes');
  const settings = useQuery(findSettingsQueryOptions());
  const action = useFindRequestAction();
  const [cny, setCny] = useState(r.price_cny ? String(r.price_cny) : '');
  const [kg, setKg] = useState('1');
  const [comment, setComment] = useState(r.quote_comment ?? '');
  const [reason, setReason] = useState<string>(REJECT_REASONS_RU[0]);
  const cnyN = Number(cny.replace(',', '.'));
  const kgN = Number(kg.replace(',', '.'));
  const valid = cnyN > 0 && kgN > 0;
  const preview = valid && settings.data ? computeFindPrice(cnyN, kgN, settings.data) : null;
  const open = ['new', 'in_progress', 'quoted', 'expired'].includes(r.status);

  const run = (a: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(a, {
      onSuccess: () => notify.success(done),
      onError: (e) => notify.error(errorMessage(e, 'Не удалось сохранить')),
    });

  return (
    <section className="admin-card admin-find__card" aria-label={`Запрос №${r.id}`}>
      <h2 className="admin-card__title">Запрос №{r.id}</h2>
      <dl className="admin-facts">
        <dt>Ссылка / артикул</dt>
        <dd className="admin-find__what">{r.url ? <StoredLink url={r.url} /> : what(r)}</dd>
        <dt>Размер · цвет</dt>
        <dd>{[r.size, r.color].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Кнопка</dt>
        <dd>{r.button ? POIZON_BUTTON_RU[r.button] : '—'}</dd>
        <dt>Цена покупателя</dt>
        <dd>{r.price_cny ? `${r.price_cny} ¥` : '—'}</dd>
        <dt>Комментарий</dt>
        <dd>{r.comment ?? '—'}</dd>
        {r.image_url && (
          <>
            <dt>{r.source === 'photo' ? 'Фото' : 'Скриншот'}</dt>
            <dd>
              {r.image_url.startsWith('/media/find/') ? (
                // The shop's own re-encoded copy (POST /find/uploads): shown, full size on tap.
                <StoredLink
                  className="admin-find__shot-link"
                  url={r.image_url}
                  aria-label="Открыть скриншот целиком"
                >
                  <img
                    className="admin-find__shot"
                    src={imageUrl(r.image_url, { width: 324 })}
                    alt="Скриншот покупателя"
                  />
                </StoredLink>
              ) : (
                <StoredLink url={r.image_url}>открыть</StoredLink>
              )}
            </dd>
          </>
        )}
        <dt>Статус</dt>
        <dd>
          {FIND_REQUEST_STATUS_RU[r.status]}
          {r.quote_rub !== null ? ` · ${formatPrice(r.quote_rub)}` : ''}
        </dd>
      </dl>
      {canQuote && open && (
        <form
          className="admin-find__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            run(
              {
                id: r.id,
                kind: 'quote',
                body: { price_cny: cnyN, weight_kg: kgN, ...(comment.trim() ? { comment } : {}) },
              },
              'Цена отправлена покупателю',
            );
          }}
        >
          <label className="admin-field">
            Цена на Poizon, ¥
            <input
              className="admin-input"
              name="price_cny"
              inputMode="decimal"
              value={cny}
              onChange={(e) => setCny(e.target.value)}
            />
          </label>
          <label className="admin-field">
            Вес, кг
            <input
              className="admin-input"
              name="weight_kg"
              inputMode="decimal"
              value={kg}
              onChange={(e) => setKg(e.target.value)}
            />
          </label>
          <label className="admin-field">
            Комментарий покупателю
            <input
              className="admin-input"
              name="comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          {preview && (
            <p className="admin-muted" aria-live="polite">
              Товар {formatPrice(preview.goods_rub)} + доставка {formatPrice(preview.delivery_rub)} + услуги{' '}
              {formatPrice(preview.service_rub)} = <strong>{formatPrice(preview.total_rub)}</strong>
            </p>
          )}
          <div className="admin-actions">
            <Button
              type="submit"
              size="medium"
              disabled={!valid}
              loading={action.isPending && action.variables?.kind === 'quote'}
            >
              Отправить цену
            </Button>
            {r.status === 'new' && (
              <Button
                variant="secondary"
                size="medium"
                disabled={action.isPending}
                onClick={() => run({ id: r.id, kind: 'take' }, 'Запрос взят в работу')}
              >
                Взять в работу
              </Button>
            )}
          </div>
          <div className="admin-actions">
            <select
              className="admin-select"
              aria-label="Причина отказа"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            >
              {REJECT_REASONS_RU.map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
            <Button
              variant="error"
              size="medium"
              disabled={action.isPending}
              onClick={() => run({ id: r.id, kind: 'reject', reason }, 'Запрос отклонён')}
            >
              Отказать
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
