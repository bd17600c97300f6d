// GET, POST /admin/staff and DELETE /admin/staff/{telegram_id} (writes: owner only).
import {
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  type AdminStaffBody,
} from '@shop/contract';
import { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'staff'],
    queryFn: async () => (await api('/v1/admin/staff', { schema: AdminStaffListResponseSchema })).result,
  });

const useStaffMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
};

/** Adds a member or changes a member's role (the same POST). */
export const useSaveStaff = () =>
  useStaffMutation(
    async (body: AdminStaffBody) =>
      (await api('/v1/admin/staff', { method: 'POST', body, schema: AdminStaffMemberResponseSchema })).result,
  );

export const useRemoveStaff = () =>
  useStaffMutation(async (telegramId: number) => {
    await api(`/v1/admin/staff/${telegramId}`, { method: 'DELETE', schema: z.unknown() });
  });
