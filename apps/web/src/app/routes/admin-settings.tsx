import { SettingsPage } from '../../features/admin/components/settings-page.tsx';

export function Component() {
  return <SettingsPage />;
}
