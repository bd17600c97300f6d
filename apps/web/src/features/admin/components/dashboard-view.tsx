// The console's first page (docs/product.md §12.6): sales of today, 7 or 30 days or a chosen range
// in the shop's time zone — revenue, orders, average order, conversion, refunds — a chart by day
// (uPlot, loaded only here), the best-selling products and categories, and the work waiting.
import './console-pages.css';
import type { StatsWaiting } from '@shop/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { plural } from '../../../lib/plural.ts';
import { useStats, useTopSellers, useWaitingWork, type StatsRange } from '../api/console-stats.ts';

const SalesChart = lazy(() => import('./sales-chart.tsx'));

/** The shop's default zone until the server names its own. */
const DEFAULT_ZONE = 'Europe/Moscow';
const PRESETS = [
  { key: 'today', label: 'Сегодня', days: 1 },
  { key: '7', label: '7 дней', days: 7 },
  { key: '30', label: '30 дней', days: 30 },
] as const;
type Preset = (typeof PRESETS)[number]['key'] | 'range';

const dayIn = (zone: string, date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);
const daysBack = (zone: string, days: number): StatsRange => {
  const now = new Date();
  return { from: dayIn(zone, new Date(now.getTime() - (days - 1) * 86_400_000)), to: dayIn(zone, now) };
};

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const;
const percent = (share: number) => `${(share * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

const WAITING: { key: keyof StatsWaiting; label: string; to: string }[] = [
  { key: 'to_buy', label: 'Выкупить на Poizon', to: '/admin/purchase-list' },
  {
    key: 'to_ship',
    label: 'Отправить покупателю',
    to: '/admin/orders?status=purchasing,to_warehouse,customs',
  },
  { key: 'needs_refund', label: 'Нужен возврат', to: '/admin/orders?status=needs_refund' },
  { key: 'find_requests', label: 'Запросы на поиск', to: '/admin/find-requests' },
  { key: 'payouts', label: 'Выплаты блогерам', to: '/admin/payouts' },
];

export function DashboardView() {
  const [zone, setZone] = useState(DEFAULT_ZONE);
  const [preset, setPreset] = useState<Preset>('today');
  const [custom, setCustom] = useState<StatsRange>(() => daysBack(DEFAULT_ZONE, 7));
  const range = preset === 'range' ? custom : daysBack(zone, PRESETS.find((p) => p.key === preset)!.days);
  const stats = useStats(range);
  const top = useTopSellers(range);
  const waiting = useWaitingWork();
  if (stats.data && stats.data.time_zone !== zone) setZone(stats.data.time_zone);
  const s = stats.data;

  const figures = s
    ? [
        { label: 'Выручка', value: formatPrice(s.revenue) },
        { label: 'Оплачено', value: `${s.orders} ${plural(s.orders, ORDER_FORMS)}` },
        { label: 'Средний чек', value: formatPrice(s.average) },
        { label: 'Конверсия в оплату', value: percent(s.conversion), hint: `из ${s.placed} оформленных` },
        { label: 'Возвраты', value: formatPrice(s.refunds) },
      ]
    : undefined;

  return (
    <section className="admin-dashboard" aria-label="Сводка">
      <div className="admin-tabs" role="tablist" aria-label="Период">
        {[...PRESETS, { key: 'range' as const, label: 'Период' }].map((p) => (
          <button
            key={p.key}
            type="button"
            role="tab"
            aria-selected={preset === p.key}
            className={`admin-tab${preset === p.key ? ' admin-tab--active' : ''}`}
            onClick={() => setPreset(p.key)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset === 'range' && (
        <div className="admin-filters__row admin-dashboard__range">
          <label className="admin-field admin-field--date">
            <span>С</span>
            <input
              className="admin-input"
              type="date"
              value={custom.from}
              max={custom.to}
              onChange={(e) => e.target.value && setCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label className="admin-field admin-field--date">
            <span>По</span>
            <input
              className="admin-input"
              type="date"
              value={custom.to}
              min={custom.from}
              onChange={(e) => e.target.value && setCustom({ ...custom, to: e.target.value })}
            />
          </label>
        </div>
      )}
      {stats.isError && (
        <p className="admin-error" role="alert">
          {stats.error.message}
        </p>
      )}

      <dl className="admin-kpis" aria-busy={stats.isFetching}>
        {(figures ?? Array.from({ length: 5 }, () => undefined)).map((f, i) => (
          <div key={f?.label ?? i} className="admin-kpi">
            {f ? (
              <>
                <dt>{f.label}</dt>
                <dd>
                  {f.value}
                  {'hint' in f && f.hint && <span className="admin-muted admin-kpi__hint">{f.hint}</span>}
                </dd>
              </>
            ) : (
              <SkeletonBlock className="admin-kpi__skeleton" />
            )}
          </div>
        ))}
      </dl>

      <div className="admin-card">
        <h2 className="admin-card__title">Выручка по дням</h2>
        {s ? (
          <Suspense fallback={<SkeletonBlock className="admin-chart__skeleton" />}>
            <SalesChart days={s.by_day} />
          </Suspense>
        ) : (
          <SkeletonBlock className="admin-chart__skeleton" />
        )}
      </div>

      <div className="admin-dashboard__grid">
        {(['top_products', 'top_categories'] as const).map((key) => (
          <div className="admin-card" key={key}>
            <h2 className="admin-card__title">
              {key === 'top_products' ? 'Лучшие товары' : 'Лучшие категории'}
            </h2>
            {top.data ? (
              top.data[key].length === 0 ? (
                <p className="admin-empty">Продаж за период нет</p>
              ) : (
                <ol className="admin-list admin-top">
                  {top.data[key].map((item) => (
                    <li key={item.id} className="admin-list__item admin-line">
                      <span className="admin-line__text">
                        <span>{item.title}</span>
                        <span className="admin-muted">{item.quantity} шт.</span>
                      </span>
                      <span className="admin-line__sum">{formatPrice(item.revenue)}</span>
                    </li>
                  ))}
                </ol>
              )
            ) : (
              <SkeletonBlock className="admin-top__skeleton" />
            )}
          </div>
        ))}

        <div className="admin-card">
          <h2 className="admin-card__title">Ждёт работы</h2>
          <ul className="admin-list" aria-label="Ждёт работы">
            {WAITING.map((w) => (
              <li key={w.key} className="admin-list__item">
                <Link className="admin-line admin-waiting__link" to={w.to}>
                  <span>{w.label}</span>
                  <span className={`admin-badge${waiting.data?.[w.key] ? ' admin-badge--pending' : ''}`}>
                    {waiting.data ? waiting.data[w.key] : '…'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
