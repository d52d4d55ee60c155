import { saveConsent } from '../../features/cookies/model/consent-store.ts';
import type { CookieChoice } from '../../features/privacy/components/consents-card.tsx';
import { ManageDataPage } from '../../features/privacy/components/manage-data-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** The cookie switches of the page also become this browser's cookie choice (the banner's). */
function saveCookieChoice(choice: CookieChoice): void {
  saveConsent({ essential: true, ...choice });
}

/** /gerenciar-dados, inside the logged-in guard (protected-layout). */
export function Component() {
  usePageMeta({
    title: 'Gerenciar Dados',
    description: 'Gerencie seus dados pessoais e consentimentos conforme a LGPD.',
  });
  return <ManageDataPage onCookieChoice={saveCookieChoice} />;
}
