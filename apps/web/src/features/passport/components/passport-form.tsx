// The passport form for customs (docs/product.md §11), shared by step 2 of order placing and
// profile/passport_data: series "12 34" (the 4-digit mask), number, issue and birth dates with the
// date picker, the 12-digit INN (the 12-digit mask) and the e-mail for the receipt. It prefills
// from GET /passport?reveal=1 and saves with PUT /passport; the contract's schema validates.
import { zodResolver } from '@hookform/resolvers/zod';
import { PassportBodySchema, type Passport, type PassportBody } from '@shop/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { showFieldError } from '../../../lib/field-error.ts';
import { useUnsavedInput } from '../../../lib/use-unsaved-input.ts';
import { usePassport } from '../api/get-passport.ts';
import { useSavePassport } from '../api/save-passport.ts';
import { DocumentFields, PersonFields, ReceiptFields, type FormInput } from './passport-fields.tsx';
import './passport-form.css';

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

/** The form's values for a saved record (empty without one). */
const savedValues = (initial: Passport | null): FormInput => ({
  last_name: initial?.last_name ?? '',
  first_name: initial?.first_name ?? '',
  middle_name: initial?.middle_name ?? '',
  series: initial ? `${initial.series.slice(0, 2)} ${initial.series.slice(2)}`.trim() : '',
  number: initial?.number ?? '',
  issue_date: initial?.issue_date ?? '',
  birth_date: initial?.birth_date ?? '',
  inn: initial?.inn ?? '',
  email: initial?.email ?? '',
});

function PassportForm({
  initial,
  submitLabel,
  onSaved,
  draft,
  onDraftChange,
}: Props & { initial: Passport | null }) {
  const save = useSavePassport();
  const saved = savedValues(initial);
  const form = useForm<FormInput, unknown, PassportBody>({
    resolver: zodResolver(PassportBodySchema),
    mode: 'onTouched',
    defaultValues: { ...saved, ...draft },
  });
  const { markSaved } = useUnsavedInput(form, saved);
  const { isSubmitting } = form.formState;
  useEffect(() => {
    if (!onDraftChange) return;
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => onDraftChange(values) });
  }, [form, onDraftChange]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync(body);
      markSaved();
      onSaved(result);
    } catch (error) {
      // The toast comes from the mutation's meta; a refused field is also shown under it.
      showFieldError(form.setError, error, body);
    }
  });

  return (
    <form className="passport-form" noValidate onSubmit={(e) => void submit(e)}>
      <PersonFields form={form} />
      <DocumentFields form={form} />
      <ReceiptFields form={form} />
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
