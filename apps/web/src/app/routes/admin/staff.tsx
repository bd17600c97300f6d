import { StaffView } from '../../../features/admin/components/staff-view.tsx';

export function Component() {
  return <StaffView />;
}
