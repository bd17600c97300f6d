import { DashboardView } from '../../../features/admin/components/dashboard-view.tsx';

export default function Page() {
  return <DashboardView />;
}
