// Settings (docs/product.md §12.2, §14.3): the yuan rate and the fees behind every Poizon price.
// Owners change them; everyone else sees them.
import { computeFindPrice, DEFAULT_WEIGHT_KG, roleCan, type FindSettings } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatPrice } from '../../../lib/price.ts';
import { findSettingsQueryOptions, useSaveFindSettings } from '../api/find-requests.ts';
import { useStaffRole } from '../use-staff-role.ts';

const FIELDS: { key: keyof FindSettings; label: string; step: string }[] = [
  { key: 'cny_rub_rate', label: 'Курс юаня, ₽ за 1 ¥', step: '0.0001' },
  { key: 'fx_markup_percent', label: 'Наценка на курс, %', step: '0.01' },
  { key: 'service_fee_percent', label: 'Комиссия магазина, % от товара', step: '0.01' },
  { key: 'service_fee_min_rub', label: 'Комиссия не меньше, ₽', step: '1' },
  { key: 'delivery_rub_per_500g', label: 'Доставка из Китая за 500 г, ₽', step: '1' },
];

export function SettingsView() {
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
            onError: (err) => notify.error(errorMessage(err, 'Не удалось сохранить настройки')),
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
