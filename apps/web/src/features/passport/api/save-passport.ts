import { PassportResponseSchema, type PassportBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PASSPORT_QUERY_KEY } from './get-passport.ts';

export const savePassport = async (body: PassportBody) =>
  (await api('/v1/passport', { method: 'PUT', body, schema: PassportResponseSchema })).result;

export function useSavePassport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePassport,
    meta: { errorMessage: 'Не удалось сохранить данные' },
    onSuccess: () => qc.invalidateQueries({ queryKey: PASSPORT_QUERY_KEY }),
  });
}
