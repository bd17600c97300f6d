import { ProductCreateView } from '../../../features/admin/components/product-create-view.tsx';

export default function Page() {
  return <ProductCreateView />;
}
