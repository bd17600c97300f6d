import { CustomerCardView } from '../../../features/admin/components/customer-card-view.tsx';

export default function Page({ id }: { id: number }) {
  return <CustomerCardView id={id} />;
}
