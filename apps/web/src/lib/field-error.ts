// A form saved through a mutation: the toast comes from the mutation's `meta.errorMessage`
// (app/query-client.ts); a refusal that names one of the form's fields is also shown under it.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

/** Puts the API's message under the field it names, when the form has that field; true if it did. */
export function showFieldError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  values: object,
): boolean {
  if (!(error instanceof ApiRequestError) || !error.field || !(error.field in values)) return false;
  setError(error.field as Path<T>, { message: error.message });
  return true;
}
