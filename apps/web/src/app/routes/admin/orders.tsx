import { NewOrderLink } from '../../../features/admin/components/new-order-link.tsx';
import { OrdersView } from '../../../features/admin/components/orders-view.tsx';

export default function Page() {
  return (
    <>
      <NewOrderLink />
      <OrdersView />
    </>
  );
}
