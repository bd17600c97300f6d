// The delivery form's parts (delivery-form.tsx): how the parcel is received, where (the city, then
// a pickup point or a courier address), who receives it, and the "make default" switch.
import type { DeliveryBody, DeliveryBodySchema, DeliveryKind } from '@shop/contract';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatPhoneInput } from '../../../lib/phone.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { CityField } from './city-field.tsx';
import { PointList } from './point-list.tsx';

export type FormInput = z.input<typeof DeliveryBodySchema>;
type Form = UseFormReturn<FormInput, unknown, DeliveryBody>;

const FIELDS = [
  { name: 'last_name', label: 'Фамилия', autoComplete: 'family-name' },
  { name: 'fio', label: 'Имя и отчество', autoComplete: 'given-name' },
] as const;

const KINDS: { kind: DeliveryKind; label: string }[] = [
  { kind: 'pickup', label: 'Пункт выдачи' },
  { kind: 'courier', label: 'Курьер' },
];

export function KindPicker({ form }: { form: Form }) {
  return (
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
  );
}

/** The city with the carrier's suggestions, then the city's pickup points or the courier address. */
export function PlaceFields({ form }: { form: Form }) {
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'pickup';
  const cityCode = useWatch({ control: form.control, name: 'city_code' }) as number | undefined;
  // The city's message may be about the code (chosen from the suggestions): both are watched here.
  const { errors } = useFormState({ control: form.control, name: ['city', 'city_code'] });
  return (
    <>
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
            render={({ field, fieldState }) => (
              <PointList
                cityCode={cityCode}
                value={field.value ?? null}
                onChange={(point) => field.onChange(point.code)}
                error={fieldState.error?.message}
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
          render={({ field, fieldState }) => (
            <TextField
              label="Улица, дом, квартира"
              name={field.name}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete="street-address"
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </>
  );
}

/** Who receives the parcel: last name, first names and the phone. */
export function RecipientFields({ form }: { form: Form }) {
  return (
    <>
      {FIELDS.map(({ name, label, autoComplete }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <TextField
              label={label}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete={autoComplete}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="phone_number"
        render={({ field, fieldState }) => (
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
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}

export function DefaultSwitch({ form }: { form: Form }) {
  return (
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
  );
}
