import { ReturnsPage } from '../../features/admin/components/returns-page.tsx';

export function Component() {
  return <ReturnsPage />;
}
