import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ALL_ACCEPTED } from '../model/consent-storage.ts';
import { openCookiePreferences, saveConsent } from '../model/consent-store.ts';

export interface CookieBannerProps {
  /** Called when the pointer or focus reaches "Gerenciar", to fetch the dialog code early. */
  onPreloadPreferences?: () => void;
}

/** Shown until the visitor accepts all cookies or saves preferences (spec 000 section 4). */
export function CookieBanner({ onPreloadPreferences }: CookieBannerProps) {
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 p-2 sm:p-4"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 rounded-2xl bg-ink-900 p-4 text-cream-100 sm:p-5 shadow-2xl ring-1 ring-gold-700/40 md:flex-row md:items-center md:gap-6">
        <div className="flex-1">
          <h2 id="cookie-banner-title" className="font-serif text-lg text-gold-200">
            Sua privacidade importa
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-cream-200">
            Usamos cookies essenciais e, com a sua permissão, cookies de desempenho, funcionais e de
            marketing. Saiba mais na{' '}
            <Link to="/politica-privacidade" className="text-gold-200 underline underline-offset-2">
              Política de Privacidade
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button
            variant="outline-light"
            className="flex-1 md:flex-none"
            onClick={openCookiePreferences}
            onPointerEnter={onPreloadPreferences}
            onFocus={onPreloadPreferences}
          >
            Gerenciar
          </Button>
          <Button
            variant="secondary"
            className="flex-1 md:flex-none"
            onClick={() => saveConsent(ALL_ACCEPTED)}
          >
            Aceitar todos
          </Button>
        </div>
      </div>
    </section>
  );
}
