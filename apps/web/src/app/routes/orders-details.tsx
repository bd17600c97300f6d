import { useParams } from 'react-router';
import { OrderDetailsView } from '../../features/orders/components/order-details-view.tsx';

export function Component() {
  const { id } = useParams();
  return <OrderDetailsView orderId={Number(id)} />;
}
