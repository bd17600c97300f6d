import { useParams } from 'react-router';
import { OrderAdminView } from '../../../features/admin/components/order-admin-view.tsx';

export function Component() {
  const { id } = useParams();
  return <OrderAdminView key={id} id={Number(id)} />;
}
