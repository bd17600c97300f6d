import { ManualOrderView } from '../../../features/admin/components/manual-order-view.tsx';

export default function Page() {
  return <ManualOrderView />;
}
