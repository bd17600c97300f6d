// POST /admin/orders/{id}/notes: an internal note, never shown to the shopper.
import { AdminNoteResponseSchema, type AdminNote } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const addOrderNote = async ({ id, text }: { id: number; text: string }): Promise<AdminNote> =>
  (
    await api(`/v1/admin/orders/${id}/notes`, {
      method: 'POST',
      body: { text },
      schema: AdminNoteResponseSchema,
    })
  ).result;

export const useAddOrderNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    meta: { errorMessage: 'Не удалось сохранить заметку' },
    onSuccess: (note) => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(note.order_id) }),
  });
};
