// A delivery form (docs/product.md §3's delivery draft: city, address, fio, last_name,
// phone_number; §11.9: a pickup point or a courier address), used by profile/delivery/set[/{id}]
// and by step 1 of order placing. The city comes with the carrier's suggestions; a pickup point
// from the city's list, nearest first when the shopper shares a position. Validated with the
// contract's DeliveryBodySchema, the same rules as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import { DeliveryBodySchema, type DeliveryAddress, type DeliveryBody } from '@shop/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatPhoneInput } from '../../../lib/phone.ts';
import { useUnsavedInput } from '../../../lib/use-unsaved-input.ts';
import {
  DefaultSwitch,
  KindPicker,
  PlaceFields,
  RecipientFields,
  type FormInput,
} from './delivery-form-fields.tsx';
import './delivery-form.css';

export type DeliveryFormDraft = Partial<FormInput>;

type Props = {
  initial?: DeliveryAddress;
  /** Form id, so that a button outside the form (a fixed bottom button) can submit it. */
  formId: string;
  /** Show the "make default" switch (profile); placing always uses the chosen address. */
  showDefault?: boolean;
  /** Saves the address; the callers leave the form once it is saved. */
  onSubmit: (body: DeliveryBody) => void | Promise<void>;
  /** What was typed before (order placing keeps it across steps and reloads); wins over `initial`. */
  draft?: DeliveryFormDraft | null;
  /** Every change of the typed values. */
  onDraftChange?: (draft: DeliveryFormDraft) => void;
};

/** The form's values for a saved address (an empty pickup form without one). */
const savedValues = (initial: DeliveryAddress | undefined): FormInput => ({
  kind: initial?.kind ?? 'pickup',
  city: initial?.city ?? '',
  city_code: initial?.city_code ?? undefined,
  point_code: initial?.point_code ?? undefined,
  address: initial?.kind === 'pickup' ? '' : (initial?.address ?? ''),
  fio: initial?.fio ?? '',
  last_name: initial?.last_name ?? '',
  phone_number: initial ? formatPhoneInput(initial.phone_number) : '',
  is_default: initial?.is_default ?? false,
});

export function DeliveryForm({ initial, formId, showDefault, onSubmit, draft, onDraftChange }: Props) {
  const saved = savedValues(initial);
  const form = useForm<FormInput, unknown, DeliveryBody>({
    resolver: zodResolver(DeliveryBodySchema),
    mode: 'onTouched',
    defaultValues: { ...saved, ...draft },
  });
  // Closing the app asks first while the address is typed and not saved.
  useUnsavedInput(form, saved);
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
      <KindPicker form={form} />
      <PlaceFields form={form} />
      <RecipientFields form={form} />
      {showDefault && <DefaultSwitch form={form} />}
    </form>
  );
}
