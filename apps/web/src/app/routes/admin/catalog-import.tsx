import { ImportView } from '../../../features/admin/components/import-view.tsx';

export function Component() {
  return <ImportView />;
}
