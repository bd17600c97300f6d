// POST /admin/notifications/{id}/resend: puts a message to the shopper back in the outbox.
import { AdminNotificationResponseSchema, type AdminNotification } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const resendNotification = async (id: number): Promise<AdminNotification> =>
  (
    await api(`/v1/admin/notifications/${id}/resend`, {
      method: 'POST',
      schema: AdminNotificationResponseSchema,
    })
  ).result;

export const useResendNotification = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendNotification,
    meta: { errorMessage: 'Не удалось отправить сообщение ещё раз' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(orderId) }),
  });
};
