// Settings (docs/product.md §12.2, §12.4, §14.3): the member's own bot alerts, and the yuan rate and
// the fees behind every Poizon price (owners change them; everyone else sees them).
import {
  computeFindPrice,
  DEFAULT_WEIGHT_KG,
  roleCan,
  type FindSettings,
  type StaffAlerts,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { findSettingsQueryOptions, useSaveFindSettings } from '../api/find-requests.ts';
import { myAlertsQueryOptions, useSaveMyAlerts } from '../api/staff.ts';
import { useStaffRole } from '../use-staff-role.ts';

const FIELDS: { key: keyof FindSettings; label: string; step: string }[] = [
  { key: 'cny_rub_rate', label: 'Курс юаня, ₽ за 1 ¥', step: '0.0001' },
  { key: 'fx_markup_percent', label: 'Наценка на курс, %', step: '0.01' },
  { key: 'service_fee_percent', label: 'Комиссия магазина, % от товара', step: '0.01' },
  { key: 'service_fee_min_rub', label: 'Комиссия не меньше, ₽', step: '1' },
  { key: 'delivery_rub_per_500g', label: 'Доставка из Китая за 500 г, ₽', step: '1' },
];

const ALERTS: { key: keyof StaffAlerts; label: string }[] = [
  { key: 'paid_order', label: 'Новый оплаченный заказ' },
  { key: 'find_request', label: 'Запрос на поиск товара' },
  { key: 'blogger_application', label: 'Заявка блогера' },
  { key: 'payout_request', label: 'Заявка на вывод' },
  { key: 'needs_refund', label: 'Нужен возврат' },
  { key: 'out_of_stock', label: 'Товар закончился' },
  { key: 'dead_message', label: 'Сообщение не доставлено' },
];

/** Every member chooses which alerts the bot sends to their own Telegram chat (§12.4). */
function MyAlerts() {
  const alerts = useQuery(myAlertsQueryOptions());
  const save = useSaveMyAlerts();
  return (
    <section className="admin-card" aria-labelledby="my-alerts-title">
      <h2 id="my-alerts-title" className="admin-card__title">
        Мои уведомления в Telegram
      </h2>
      {alerts.isError && (
        <p className="admin-error" role="alert">
          {alerts.error.message}
        </p>
      )}
      {alerts.isPending && <p className="admin-muted">Загрузка…</p>}
      {alerts.data &&
        ALERTS.map(({ key, label }) => (
          <label key={key} className="admin-check">
            <input
              type="checkbox"
              role="switch"
              checked={alerts.data[key]}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ ...alerts.data, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
    </section>
  );
}

export function SettingsView() {
  return (
    <>
      <MyAlerts />
      <FindSettingsCard />
    </>
  );
}

function FindSettingsCard() {
  const settings = useQuery(findSettingsQueryOptions());
  return (
    <section className="admin-card">
      <h2 className="admin-card__title">Настройки</h2>
      {settings.isError && (
        <p className="admin-error" role="alert">
          {settings.error.message}
        </p>
      )}
      {settings.data && <SettingsForm initial={settings.data} />}
    </section>
  );
}

function SettingsForm({ initial }: { initial: FindSettings }) {
  const owner = roleCan(useStaffRole(), 'own');
  const save = useSaveFindSettings();
  const [values, setValues] = useState<Record<keyof FindSettings, string>>(
    () =>
      Object.fromEntries(FIELDS.map((f) => [f.key, String(initial[f.key])])) as Record<
        keyof FindSettings,
        string
      >,
  );
  const parsed = Object.fromEntries(
    FIELDS.map((f) => [f.key, Number(values[f.key].replace(',', '.'))]),
  ) as FindSettings;
  const valid =
    FIELDS.every((f) => Number.isFinite(parsed[f.key]) && parsed[f.key] >= 0) && parsed.cny_rub_rate > 0;
  const example = valid ? computeFindPrice(699, DEFAULT_WEIGHT_KG.sneakers, parsed) : null;
  return (
    <form
      className="admin-find__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        save.mutate(
          {
            ...parsed,
            service_fee_min_rub: Math.round(parsed.service_fee_min_rub),
            delivery_rub_per_500g: Math.round(parsed.delivery_rub_per_500g),
          },
          {
            onSuccess: () => notify.success('Настройки сохранены'),
          },
        );
      }}
    >
      {FIELDS.map((f) => (
        <label key={f.key} className="admin-field">
          {f.label}
          <input
            className="admin-input"
            name={f.key}
            type="number"
            min="0"
            step={f.step}
            value={values[f.key]}
            disabled={!owner}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        </label>
      ))}
      {example && (
        <p className="admin-muted">
          Пример: кроссовки за 699 ¥ (1 кг) — {formatPrice(example.total_rub)} (товар{' '}
          {formatPrice(example.goods_rub)}, доставка {formatPrice(example.delivery_rub)}, услуги{' '}
          {formatPrice(example.service_rub)}).
        </p>
      )}
      {owner ? (
        <Button type="submit" size="medium" disabled={!valid} loading={save.isPending}>
          Сохранить
        </Button>
      ) : (
        <p className="admin-muted">Менять настройки может только владелец.</p>
      )}
    </form>
  );
}
