import { OrderAdminView } from '../../../features/admin/components/order-admin-view.tsx';

export default function Page({ id }: { id: number }) {
  return <OrderAdminView id={id} />;
}
