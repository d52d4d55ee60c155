import { ResetPasswordPage } from '../../features/account/components/reset-password-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

export function Component() {
  const shop = useShopName();
  usePageMeta({
    title: 'Redefinir senha',
    description: `Crie uma nova senha para a sua conta${shop ? ` na ${shop}` : ''}.`,
  });
  return <ResetPasswordPage />;
}
