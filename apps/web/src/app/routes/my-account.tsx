import { AccountPage } from '../../features/account/components/account-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

export function Component() {
  const shop = useShopName();
  usePageMeta({
    title: 'Minha Conta',
    description: `Sua conta${shop ? ` na ${shop}` : ''}: dados cadastrais, pedidos, lista de desejos, endereços e configurações.`,
  });
  return <AccountPage view="account" />;
}
