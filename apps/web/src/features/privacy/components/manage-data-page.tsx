import { useAuth } from '../../../lib/auth/use-auth.ts';
import { ConsentsCard, type CookieChoice } from './consents-card.tsx';
import { PersonalDataCard } from './personal-data-card.tsx';
import { PrivacyContact } from './privacy-contact.tsx';
import { PurchaseHistoryCard } from './purchase-history-card.tsx';
import { RequestHistoryCard } from './request-history-card.tsx';
import { RightsCard } from './rights-card.tsx';

export interface ManageDataPageProps {
  /** A cookie consent changed on the server: the route hands it to the cookie banner's store. */
  onCookieChoice?: (choice: CookieChoice) => void;
}

/**
 * /gerenciar-dados (spec 001 §2), inside the logged-in guard. Unlike the spec, consents and
 * requests live on the server (GET/PUT /api/users/consents, /api/privacy_requests), so the shop
 * sees and answers them; nothing personal is kept in the browser.
 */
export function ManageDataPage({ onCookieChoice }: ManageDataPageProps) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">LGPD</p>
      <h1 className="mt-2 font-serif text-3xl text-ink-900 sm:text-4xl">Gerenciar Dados</h1>
      <p className="mt-3 text-ink-700">
        Consulte e exporte seus dados, escolha seus consentimentos e exerça seus direitos.
      </p>
      <div className="mt-8 space-y-6">
        <PersonalDataCard user={user} />
        <PurchaseHistoryCard />
        <ConsentsCard onCookieChoice={onCookieChoice} />
        <RightsCard />
        <RequestHistoryCard />
        <PrivacyContact />
      </div>
    </div>
  );
}
