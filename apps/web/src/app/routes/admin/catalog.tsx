import { CatalogView } from '../../../features/admin/components/catalog-view.tsx';

export default function Page() {
  return <CatalogView />;
}
