import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CookieConsent } from '../../features/cookies/components/cookie-consent.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { AuthDialogHost } from './auth-dialog-host.tsx';
import { CartHost } from './cart-host.tsx';

// Only a return from Google sign-in needs this code, so other visits never download it.
const GoogleSignInReturn = lazy(() =>
  import('./google-sign-in-return.tsx').then((module) => ({
    default: module.GoogleSignInReturn,
  })),
);
const GOOGLE_RETURN_PARAMS = /[?&](login|error)=/;

// Only a link with a coupon (/?cupom=BEMVINDA10) needs the code that applies it.
const CouponLink = lazy(() =>
  import('./coupon-link.tsx').then((module) => ({ default: module.CouponLink })),
);
const COUPON_LINK = /[?&]cupom=/;

// Only a signed-in account can owe the register's consents: anonymous visits never download the
// check (the home page's first download has a 130 KiB budget, bench/home-js-size.ts).
const AccountConsentsHost = lazy(() =>
  import('./account-consents-host.tsx').then((module) => ({
    default: module.AccountConsentsHost,
  })),
);

function SignedInHosts() {
  const { status } = useAuth();
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <AccountConsentsHost />
    </Suspense>
  );
}

/**
 * What a link's own parameters start (a return from Google sign-in, a coupon link). The server
 * renders a page from its address without them (page-address.ts), so they wait for hydration to
 * end: drawn during it, their Suspense boundary would not match the server's HTML.
 */
function AddressHosts() {
  const { search } = useLocation();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      {GOOGLE_RETURN_PARAMS.test(search) ? (
        <Suspense fallback={null}>
          <GoogleSignInReturn />
        </Suspense>
      ) : null}
      {COUPON_LINK.test(search) ? (
        <Suspense fallback={null}>
          <CouponLink />
        </Suspense>
      ) : null}
    </>
  );
}

/** The storefront's shell: skip link, header, main content, footer and the shop's overlays. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-[70] rounded-full bg-ink-900 px-5 py-3 text-cream-50 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <CookieConsent />
      <AuthDialogHost />
      <SignedInHosts />
      <CartHost />
      {/* Their code comes lazily, so they report once the toasts (app-frame.tsx) listen. */}
      <AddressHosts />
      <ScrollRestoration />
    </div>
  );
}
