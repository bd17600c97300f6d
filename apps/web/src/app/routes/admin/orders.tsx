import { OrdersView } from '../../../features/admin/components/orders-view.tsx';

export function Component() {
  return <OrdersView />;
}
