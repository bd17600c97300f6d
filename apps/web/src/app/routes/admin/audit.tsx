import { AuditView } from '../../../features/admin/components/audit-view.tsx';

export function Component() {
  return <AuditView />;
}
