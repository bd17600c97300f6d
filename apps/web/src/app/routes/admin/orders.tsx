import { OrdersView } from '../../../features/admin/components/orders-view.tsx';

export default function Page() {
  return <OrdersView />;
}
