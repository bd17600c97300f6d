import { PayoutsView } from '../../../features/admin/components/payouts-view.tsx';

export default function Page() {
  return <PayoutsView />;
}
