// The passport form's fields (passport-form.tsx), one group per part of the form: the name and
// birth date as in the passport, the passport itself with the INN, and the e-mail for the receipt.
import type { PassportBody, PassportBodySchema } from '@shop/contract';
import { format, isValid, parse } from 'date-fns';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Digits12Field, EmailField, SeriesField, TextField } from '../../../components/ui/text-field.tsx';

export type FormInput = z.input<typeof PassportBodySchema>;
type Form = UseFormReturn<FormInput, unknown, PassportBody>;

const ISO = 'yyyy-MM-dd';
const toDate = (iso: string): Date | null => {
  if (!iso) return null;
  const d = parse(iso, ISO, new Date());
  return isValid(d) ? d : null;
};
const toIso = (date: Date | null) => (date ? format(date, ISO) : '');
const digits6 = (v: string) => v.replace(/\D/g, '').slice(0, 6);

type NameField = 'last_name' | 'first_name' | 'middle_name';

function NameInput({
  form,
  name,
  label,
  autoComplete,
}: {
  form: Form;
  name: NameField;
  label: string;
  autoComplete: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          autoComplete={autoComplete}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function DateInput({
  form,
  name,
  label,
  empty,
}: {
  form: Form;
  name: 'birth_date' | 'issue_date';
  label: string;
  empty: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="passport-form__date">
          <DatePicker
            label={label}
            value={toDate(field.value)}
            onChange={(d) => {
              field.onChange(toIso(d));
              if (form.formState.touchedFields[name] || d) void form.trigger(name);
            }}
          />
          {fieldState.error && (
            <p className="text-field__error" role="alert">
              {field.value ? fieldState.error.message : empty}
            </p>
          )}
        </div>
      )}
    />
  );
}

export function PersonFields({ form }: { form: Form }) {
  return (
    <fieldset className="passport-form__group">
      <legend>Как в паспорте</legend>
      <NameInput form={form} name="last_name" label="Фамилия" autoComplete="family-name" />
      <NameInput form={form} name="first_name" label="Имя" autoComplete="given-name" />
      <NameInput form={form} name="middle_name" label="Отчество (если есть)" autoComplete="additional-name" />
      <DateInput form={form} name="birth_date" label="Дата рождения" empty="Укажите дату рождения" />
    </fieldset>
  );
}

export function DocumentFields({ form }: { form: Form }) {
  return (
    <fieldset className="passport-form__group">
      <legend>Паспорт РФ</legend>
      <div className="passport-form__row">
        <Controller
          control={form.control}
          name="series"
          render={({ field, fieldState }) => (
            <SeriesField
              label="Серия"
              name="series"
              placeholder="12 34"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="number"
          render={({ field, fieldState }) => (
            <TextField
              label="Номер"
              name="number"
              placeholder="567890"
              inputMode="numeric"
              mask={digits6}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <DateInput form={form} name="issue_date" label="Дата выдачи" empty="Укажите дату выдачи" />
      <Controller
        control={form.control}
        name="inn"
        render={({ field, fieldState }) => (
          <Digits12Field
            label="ИНН"
            name="inn"
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </fieldset>
  );
}

export function ReceiptFields({ form }: { form: Form }) {
  return (
    <fieldset className="passport-form__group">
      <legend>Чек об оплате</legend>
      <Controller
        control={form.control}
        name="email"
        render={({ field, fieldState }) => (
          <EmailField
            label="E-mail для чека"
            name="email"
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </fieldset>
  );
}
