import { PurchaseListView } from '../../../features/admin/components/purchase-list-view.tsx';

export default function Page() {
  return <PurchaseListView />;
}
