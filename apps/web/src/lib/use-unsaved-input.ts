// Whether a form holds input that is not saved: its values against the last saved ones (what the
// form opened with, before any draft kept by the checkout). Empty strings, false and missing fields
// count the same, so a field typed and cleared again is not a change. While it holds, Telegram asks
// before closing the app (telegram/closing-confirmation.ts, docs/decisions/055).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useClosingConfirmation } from '../telegram/closing-confirmation.ts';

const filled = (values: object) =>
  JSON.stringify(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** `unsaved` while the values differ from `saved`; `markSaved` after the form was saved. */
export function useUnsavedInput<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  saved: T,
): { unsaved: boolean; markSaved: () => void } {
  const [opened] = useState(() => filled(saved));
  const baseline = useRef(opened);
  const [unsaved, setUnsaved] = useState(() => filled(form.getValues()) !== opened);
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => setUnsaved(filled(values) !== baseline.current),
      }),
    [form],
  );
  const markSaved = useCallback(() => {
    baseline.current = filled(form.getValues());
    setUnsaved(false);
  }, [form]);
  useClosingConfirmation(unsaved);
  return { unsaved, markSaved };
}
