import { ImportView } from '../../../features/admin/components/import-view.tsx';

export default function Page() {
  return <ImportView />;
}
