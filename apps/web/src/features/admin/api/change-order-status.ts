// POST /admin/orders/{id}/status: moves an order along ORDER_TRANSITIONS (409 invalid_transition
// when someone moved it first); refreshes the card and the lists.
import { AdminOrderResponseSchema, type AdminOrder, type AdminStatusBody, type OrderStatus } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ChangeStatusInput = { id: number } & Omit<AdminStatusBody, 'notify'> & { notify?: boolean };

export const changeOrderStatus = async ({ id, ...body }: ChangeStatusInput): Promise<AdminOrder> =>
  (await api(`/v1/admin/orders/${id}/status`, { method: 'POST', body, schema: AdminOrderResponseSchema }))
    .result;

/** One order's status, from its card: a refusal toasts (a race with a colleague says so). */
export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (order) => queryClient.setQueryData(queryKeys.adminOrder(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
    meta: {
      errorMessage: 'Не удалось изменить статус',
      errorByCode: { invalid_transition: 'Заказ уже в другом статусе — обновите карточку' },
    },
  });
};

export type BulkStatusInput = { ids: number[]; status: OrderStatus; notify: boolean };
export type BulkStatusResult = { changed: number; total: number };

/**
 * The same status for several orders from the list: one request per order, each checked against its
 * own current status on the server. Some may be refused (moved meanwhile): the result counts them;
 * when none changed the whole action failed and toasts.
 */
export const useBulkChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, status, notify }: BulkStatusInput): Promise<BulkStatusResult> => {
      const results = await Promise.allSettled(
        ids.map(async (id) => {
          const order = await changeOrderStatus({ id, status, notify });
          queryClient.setQueryData(queryKeys.adminOrder(order.id), order);
        }),
      );
      const changed = results.filter((r) => r.status === 'fulfilled').length;
      if (changed === 0) throw results.find((r) => r.status === 'rejected')!.reason;
      return { changed, total: ids.length };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
    meta: {
      errorMessage: 'Статус не изменён',
      errorByCode: { invalid_transition: 'Статус не изменён: заказы уже в другом статусе' },
    },
  });
};
