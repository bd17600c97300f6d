import { SettingsView } from '../../../features/admin/components/settings-view.tsx';

export function Component() {
  return <SettingsView />;
}
