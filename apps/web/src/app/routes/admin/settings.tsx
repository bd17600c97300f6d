import { SettingsView } from '../../../features/admin/components/settings-view.tsx';

export default function Page() {
  return <SettingsView />;
}
