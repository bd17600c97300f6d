import { Outlet, useLocation } from 'react-router';
import { AdminShell } from '../../../features/admin/components/admin-shell.tsx';

export function Component() {
  const { pathname } = useLocation();
  return (
    <AdminShell pathname={pathname}>
      <Outlet />
    </AdminShell>
  );
}
