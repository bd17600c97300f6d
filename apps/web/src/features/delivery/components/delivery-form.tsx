// A delivery form (docs/product.md §3's delivery draft: city, address, fio, last_name,
// phone_number; §11.9: a pickup point or a courier address), used by profile/delivery/set[/{id}]
// and by step 1 of order placing. The city comes with the carrier's suggestions; a pickup point
// from the city's list, nearest first when the shopper shares a position. Validated with the
// contract's DeliveryBodySchema, the same rules as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DeliveryBodySchema,
  type DeliveryAddress,
  type DeliveryBody,
  type DeliveryKind,
} from '@shop/contract';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatPhoneInput } from '../../../lib/phone.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { CityField } from './city-field.tsx';
import { PointList } from './point-list.tsx';
import './delivery-form.css';

type FormInput = z.input<typeof DeliveryBodySchema>;
export type DeliveryFormDraft = Partial<FormInput>;

type Props = {
  initial?: DeliveryAddress;
  /** Form id, so that a button outside the form (a fixed bottom button) can submit it. */
  formId: string;
  /** Show the "make default" switch (profile); placing always uses the chosen address. */
  showDefault?: boolean;
  onSubmit: (body: DeliveryBody) => void | Promise<void>;
  /** What was typed before (order placing keeps it across steps and reloads); wins over `initial`. */
  draft?: DeliveryFormDraft | null;
  /** Every change of the typed values. */
  onDraftChange?: (draft: DeliveryFormDraft) => void;
};

const FIELDS = [
  { name: 'last_name', label: 'Фамилия', autoComplete: 'family-name' },
  { name: 'fio', label: 'Имя и отчество', autoComplete: 'given-name' },
] as const;

const KINDS: { kind: DeliveryKind; label: string }[] = [
  { kind: 'pickup', label: 'Пункт выдачи' },
  { kind: 'courier', label: 'Курьер' },
];

export function DeliveryForm({ initial, formId, showDefault, onSubmit, draft, onDraftChange }: Props) {
  const form = useForm<FormInput, unknown, DeliveryBody>({
    resolver: zodResolver(DeliveryBodySchema),
    mode: 'onTouched',
    defaultValues: {
      kind: initial?.kind ?? 'pickup',
      city: initial?.city ?? '',
      city_code: initial?.city_code ?? undefined,
      point_code: initial?.point_code ?? undefined,
      address: initial?.kind === 'pickup' ? '' : (initial?.address ?? ''),
      fio: initial?.fio ?? '',
      last_name: initial?.last_name ?? '',
      phone_number: initial ? formatPhoneInput(initial.phone_number) : '',
      is_default: initial?.is_default ?? false,
      ...draft,
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'pickup';
  const cityCode = useWatch({ control: form.control, name: 'city_code' }) as number | undefined;
  useEffect(() => {
    if (!onDraftChange) return;
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => onDraftChange(values) });
  }, [form, onDraftChange]);

  return (
    <form
      id={formId}
      className="delivery-form"
      noValidate
      onSubmit={form.handleSubmit((body) => onSubmit(body))}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <div className="delivery-kind" role="radiogroup" aria-label="Способ получения">
            {KINDS.map((k) => (
              <button
                key={k.kind}
                type="button"
                role="radio"
                aria-checked={field.value === k.kind}
                className={`delivery-kind__option${field.value === k.kind ? ' delivery-kind__option--on' : ''}`}
                onClick={() => {
                  haptic.selection();
                  field.onChange(k.kind);
                }}
              >
                {k.label}
              </button>
            ))}
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="city"
        render={({ field }) => (
          <CityField
            value={field.value ?? ''}
            cityCode={cityCode ?? null}
            onChange={(city, code) => {
              field.onChange(city);
              if (code !== (cityCode ?? null)) {
                form.setValue('city_code', code ?? undefined);
                form.setValue('point_code', undefined);
              }
            }}
            onBlur={field.onBlur}
            error={errors.city?.message ?? errors.city_code?.message}
          />
        )}
      />
      {kind === 'pickup' ? (
        cityCode ? (
          <Controller
            control={form.control}
            name="point_code"
            render={({ field }) => (
              <PointList
                cityCode={cityCode}
                value={field.value ?? null}
                onChange={(point) => field.onChange(point.code)}
                error={errors.point_code?.message}
              />
            )}
          />
        ) : (
          <p className="delivery-form__hint">Выберите город из подсказок — покажем пункты выдачи рядом.</p>
        )
      ) : (
        <Controller
          control={form.control}
          name="address"
          render={({ field }) => (
            <TextField
              label="Улица, дом, квартира"
              name={field.name}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete="street-address"
              error={errors.address?.message}
            />
          )}
        />
      )}
      {FIELDS.map(({ name, label, autoComplete }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <TextField
              label={label}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete={autoComplete}
              error={errors[name]?.message}
            />
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="phone_number"
        render={({ field }) => (
          <TextField
            label="Телефон"
            name={field.name}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={field.value}
            onValueChange={field.onChange}
            mask={formatPhoneInput}
            onBlur={field.onBlur}
            error={errors.phone_number?.message}
          />
        )}
      />
      {showDefault && (
        <Controller
          control={form.control}
          name="is_default"
          render={({ field }) => (
            <label className="delivery-form__switch">
              <span>Сделать адресом по умолчанию</span>
              <input
                type="checkbox"
                role="switch"
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            </label>
          )}
        />
      )}
    </form>
  );
}
