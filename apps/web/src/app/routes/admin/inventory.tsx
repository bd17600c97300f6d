import { InventoryView } from '../../../features/admin/components/inventory-view.tsx';

export default function Page() {
  return <InventoryView />;
}
