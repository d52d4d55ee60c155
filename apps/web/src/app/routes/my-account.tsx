import { AccountPage } from '../../features/account/components/account-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Minha Conta',
    description:
      'Sua conta na Lumina Piercings: dados cadastrais, pedidos, lista de desejos, endereços e configurações.',
  });
  return <AccountPage view="account" />;
}
