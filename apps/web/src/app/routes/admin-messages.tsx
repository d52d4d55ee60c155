import { MessagesPage } from '../../features/admin/components/messages-page.tsx';

export function Component() {
  return <MessagesPage />;
}
