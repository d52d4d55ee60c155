import { PrivacyPage } from '../../features/admin/components/privacy-page.tsx';

export function Component() {
  return <PrivacyPage />;
}
