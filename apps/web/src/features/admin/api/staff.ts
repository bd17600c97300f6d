// GET, POST /admin/staff and DELETE /admin/staff/{telegram_id} (writes: owner only); each member's
// own bot alerts (GET, PUT /admin/me/alerts).
import {
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  StaffAlertsResponseSchema,
  type AdminStaffBody,
  type StaffAlerts,
} from '@shop/contract';
import { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminStaff,
    queryFn: async () => (await api('/v1/admin/staff', { schema: AdminStaffListResponseSchema })).result,
  });

const useStaffMutation = <I, O>(errorMessage: string, fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorMessage },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminStaff }),
  });
};

/** Adds a member or changes a member's role (the same POST). */
export const useSaveStaff = () =>
  useStaffMutation(
    'Не удалось сохранить сотрудника',
    async (body: AdminStaffBody) =>
      (await api('/v1/admin/staff', { method: 'POST', body, schema: AdminStaffMemberResponseSchema })).result,
  );

export const useRemoveStaff = () =>
  useStaffMutation('Не удалось убрать доступ', async (telegramId: number) => {
    await api(`/v1/admin/staff/${telegramId}`, { method: 'DELETE', schema: z.unknown() });
  });

/** GET, PUT /admin/me/alerts: the bot alerts the signed-in member chose for their own chat. */
export const myAlertsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminMeAlerts,
    queryFn: async () => (await api('/v1/admin/me/alerts', { schema: StaffAlertsResponseSchema })).result,
  });

export const useSaveMyAlerts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffAlerts) =>
      (await api('/v1/admin/me/alerts', { method: 'PUT', body, schema: StaffAlertsResponseSchema })).result,
    meta: { errorMessage: 'Не удалось сохранить уведомления' },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.adminMeAlerts, saved),
  });
};
