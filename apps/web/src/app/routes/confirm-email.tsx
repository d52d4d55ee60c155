import { ConfirmEmailPage } from '../../features/account/components/confirm-email-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Confirmar e-mail',
    description: 'Confirme o e-mail da sua conta na Lumina Piercings.',
  });
  return <ConfirmEmailPage />;
}
