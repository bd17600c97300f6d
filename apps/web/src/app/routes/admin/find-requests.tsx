import { FindRequestsView } from '../../../features/admin/components/find-requests-view.tsx';

export default function Page() {
  return <FindRequestsView />;
}
