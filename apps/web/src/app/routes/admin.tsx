import { AdminLayout } from '../../features/admin/components/admin-layout.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /admin: a lazy route group, so shoppers never download the panel's code. */
export function Component() {
  usePageMeta({ title: 'Painel administrativo', description: 'Painel da loja.' });
  return <AdminLayout />;
}
