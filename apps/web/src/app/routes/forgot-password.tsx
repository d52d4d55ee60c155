import { AccountPage } from '../../features/account/components/account-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

/** /esqueci-senha: the account page with the forgot-password form (spec 001 §2). */
export function Component() {
  const shop = useShopName();
  usePageMeta({
    title: 'Esqueci minha senha',
    description: `Receba por e-mail um link para criar uma nova senha${shop ? ` na ${shop}` : ''}.`,
  });
  return <AccountPage view="forgot" />;
}
