import { ResetPasswordPage } from '../../features/account/components/reset-password-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Redefinir senha',
    description: 'Crie uma nova senha para a sua conta na Lumina Piercings.',
  });
  return <ResetPasswordPage />;
}
