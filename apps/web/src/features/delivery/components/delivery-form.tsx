// A delivery address form (docs/product.md §3's delivery draft: city, address, fio, last_name,
// phone_number), used by profile/delivery/set[/{id}] and by step 1 of order placing. Validated
// with the contract's DeliveryBodySchema, the same rules as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import { DeliveryBodySchema, type DeliveryAddress, type DeliveryBody } from '@shop/contract';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatPhoneInput } from '../../../lib/phone.ts';
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
  { name: 'city', label: 'Город', autoComplete: 'address-level2' },
  { name: 'address', label: 'Адрес или пункт выдачи', autoComplete: 'street-address' },
  { name: 'last_name', label: 'Фамилия', autoComplete: 'family-name' },
  { name: 'fio', label: 'Имя и отчество', autoComplete: 'given-name' },
] as const;

export function DeliveryForm({ initial, formId, showDefault, onSubmit, draft, onDraftChange }: Props) {
  const form = useForm<FormInput, unknown, DeliveryBody>({
    resolver: zodResolver(DeliveryBodySchema),
    mode: 'onTouched',
    defaultValues: {
      city: initial?.city ?? '',
      address: initial?.address ?? '',
      fio: initial?.fio ?? '',
      last_name: initial?.last_name ?? '',
      phone_number: initial ? formatPhoneInput(initial.phone_number) : '',
      is_default: initial?.is_default ?? false,
      ...draft,
    },
  });
  const { errors } = form.formState;
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
