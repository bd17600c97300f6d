import { CatalogView } from '../../../features/admin/components/catalog-view.tsx';

export function Component() {
  return <CatalogView />;
}
