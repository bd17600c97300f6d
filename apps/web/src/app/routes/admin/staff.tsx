import { StaffView } from '../../../features/admin/components/staff-view.tsx';

export default function Page() {
  return <StaffView />;
}
