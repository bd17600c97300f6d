import { AuditView } from '../../../features/admin/components/audit-view.tsx';

export default function Page() {
  return <AuditView />;
}
