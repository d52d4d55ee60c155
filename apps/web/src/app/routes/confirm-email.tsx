import { ConfirmEmailPage } from '../../features/account/components/confirm-email-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

export function Component() {
  const shop = useShopName();
  usePageMeta({
    title: 'Confirmar e-mail',
    description: `Confirme o e-mail da sua conta${shop ? ` na ${shop}` : ''}.`,
  });
  return <ConfirmEmailPage />;
}
