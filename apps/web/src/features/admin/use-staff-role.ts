// The signed-in staff member's role inside the console (the shell renders its pages only once the
// role is known, so pages may rely on it).
import type { StaffRole } from '@shop/contract';
import { useAdminMe } from './api/get-admin-me.ts';

export function useStaffRole(): StaffRole {
  const me = useAdminMe();
  // The shell shows nothing of the console until this resolved to a staff member.
  return me.data?.role ?? 'viewer';
}
