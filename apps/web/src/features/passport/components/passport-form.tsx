// The passport form for customs (docs/product.md §11), shared by step 2 of order placing and
// profile/passport_data: series "12 34" (the 4-digit mask), number, issue and birth dates with the
// date picker, the 12-digit INN (the 12-digit mask) and the e-mail for the receipt. It prefills
// from GET /passport?reveal=1 and saves with PUT /passport; the contract's schema validates.
import { zodResolver } from '@hookform/resolvers/zod';
import { PassportBodySchema, type Passport, type PassportBody } from '@shop/contract';
import { format, isValid, parse } from 'date-fns';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { Digits12Field, EmailField, SeriesField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePassport } from '../api/get-passport.ts';
import { useSavePassport } from '../api/save-passport.ts';
import './passport-form.css';

type FormInput = z.input<typeof PassportBodySchema>;

const ISO = 'yyyy-MM-dd';
const toDate = (iso: string): Date | null => {
  if (!iso) return null;
  const d = parse(iso, ISO, new Date());
  return isValid(d) ? d : null;
};
const toIso = (date: Date | null) => (date ? format(date, ISO) : '');
const digits6 = (v: string) => v.replace(/\D/g, '').slice(0, 6);

type Props = {
  submitLabel: string;
  /** Called after a successful PUT /passport. */
  onSaved: (saved: Passport | null) => void;
  /** Edits not saved yet, kept by the caller (order placing) so going back does not drop them. */
  draft?: Partial<FormInput> | null;
  onDraftChange?: (draft: Partial<FormInput>) => void;
};

/** Loads the owner's passport record, then shows the form prefilled with it. */
export function PassportEditor(props: Props) {
  const passport = usePassport();
  if (passport.isPending) return <PassportSkeleton />;
  if (passport.isError)
    return (
      <p className="passport-form__load-error">
        Не удалось загрузить паспортные данные.{' '}
        <button type="button" onClick={() => void passport.refetch()}>
          Повторить
        </button>
      </p>
    );
  return <PassportForm initial={passport.data} {...props} />;
}

function PassportForm({
  initial,
  submitLabel,
  onSaved,
  draft,
  onDraftChange,
}: Props & { initial: Passport | null }) {
  const save = useSavePassport();
  const form = useForm<FormInput, unknown, PassportBody>({
    resolver: zodResolver(PassportBodySchema),
    mode: 'onTouched',
    defaultValues: {
      last_name: initial?.last_name ?? '',
      first_name: initial?.first_name ?? '',
      middle_name: initial?.middle_name ?? '',
      series: initial ? `${initial.series.slice(0, 2)} ${initial.series.slice(2)}`.trim() : '',
      number: initial?.number ?? '',
      issue_date: initial?.issue_date ?? '',
      birth_date: initial?.birth_date ?? '',
      inn: initial?.inn ?? '',
      email: initial?.email ?? '',
      ...draft,
    },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (!onDraftChange) return;
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => onDraftChange(values) });
  }, [form, onDraftChange]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.field && error.field in body) {
        form.setError(error.field as keyof FormInput, { message: error.message });
      }
      notify.error(errorMessage(error, 'Не удалось сохранить данные'));
    }
  });

  const text = (name: 'last_name' | 'first_name' | 'middle_name', label: string, autoComplete: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          name={name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          autoComplete={autoComplete}
          error={errors[name]?.message}
        />
      )}
    />
  );

  const date = (name: 'birth_date' | 'issue_date', label: string, empty: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="passport-form__date">
          <DatePicker
            label={label}
            value={toDate(field.value)}
            onChange={(d) => {
              field.onChange(toIso(d));
              if (form.formState.touchedFields[name] || d) void form.trigger(name);
            }}
          />
          {errors[name] && (
            <p className="text-field__error" role="alert">
              {field.value ? errors[name].message : empty}
            </p>
          )}
        </div>
      )}
    />
  );

  return (
    <form className="passport-form" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="passport-form__group">
        <legend>Как в паспорте</legend>
        {text('last_name', 'Фамилия', 'family-name')}
        {text('first_name', 'Имя', 'given-name')}
        {text('middle_name', 'Отчество (если есть)', 'additional-name')}
        {date('birth_date', 'Дата рождения', 'Укажите дату рождения')}
      </fieldset>

      <fieldset className="passport-form__group">
        <legend>Паспорт РФ</legend>
        <div className="passport-form__row">
          <Controller
            control={form.control}
            name="series"
            render={({ field }) => (
              <SeriesField
                label="Серия"
                name="series"
                placeholder="12 34"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.series?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <TextField
                label="Номер"
                name="number"
                placeholder="567890"
                inputMode="numeric"
                mask={digits6}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.number?.message}
              />
            )}
          />
        </div>
        {date('issue_date', 'Дата выдачи', 'Укажите дату выдачи')}
        <Controller
          control={form.control}
          name="inn"
          render={({ field }) => (
            <Digits12Field
              label="ИНН"
              name="inn"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.inn?.message}
            />
          )}
        />
      </fieldset>

      <fieldset className="passport-form__group">
        <legend>Чек об оплате</legend>
        <Controller
          control={form.control}
          name="email"
          render={({ field }) => (
            <EmailField
              label="E-mail для чека"
              name="email"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.email?.message}
            />
          )}
        />
      </fieldset>

      <p className="passport-form__note">
        Паспортные данные нужны для таможенного оформления. Мы храним их в зашифрованном виде и никому не
        передаём.
      </p>

      <Button type="submit" fixed loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

function PassportSkeleton() {
  return (
    <div className="passport-form" aria-busy="true" aria-label="Загрузка паспортных данных">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <SkeletonBlock key={i} style={{ height: 56, borderRadius: 12 }} />
      ))}
    </div>
  );
}
