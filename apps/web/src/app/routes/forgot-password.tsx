import { AccountPage } from '../../features/account/components/account-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /esqueci-senha: the account page with the forgot-password form (spec 001 §2). */
export function Component() {
  usePageMeta({
    title: 'Esqueci minha senha',
    description: 'Receba por e-mail um link para criar uma nova senha na Lumina Piercings.',
  });
  return <AccountPage view="forgot" />;
}
