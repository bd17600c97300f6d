import { CustomersView } from '../../../features/admin/components/customers-view.tsx';

export default function Page() {
  return <CustomersView />;
}
