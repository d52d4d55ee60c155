import { instalmentsPromise } from '@lumina/shared/payments/card-instalments';
import { freeShippingText, pixDiscountText } from '@lumina/shared/storefront/money-texts';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { useShopName, useStore } from '../../lib/store-settings.ts';
import { Logo } from '../../components/logo.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { HeaderAccount } from './header-account.tsx';
import { HeaderCart } from './header-cart.tsx';
import { HeaderSearch } from './header-search.tsx';
import { SandboxNotice } from './sandbox-notice.tsx';
import { useCloseOnNavigation } from './use-close-on-navigation.ts';

// The phone menu's code comes when the menu is first reached for (the home page's first download
// has a 130 KiB budget, bench/home-js-size.ts); until then an empty, hidden panel stands in.
const MobileMenu = lazy(() =>
  import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })),
);

const iconButton =
  'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 text-ink-900 hover:bg-cream-200';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const menuId = useId();
  const menuPlaceholder = <nav id={menuId} aria-label="Menu" hidden />;
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useCloseOnNavigation(closeMenu);
  const shopName = useShopName();

  return (
    <header className="bg-cream-50">
      <SandboxNotice />
      <PromiseStrip />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-3 py-3 sm:px-4 lg:gap-x-6 lg:py-4">
        <button
          type="button"
          className={`${iconButton} lg:hidden`}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
        </button>
        <Link to="/" className="min-w-0 rounded-md py-1">
          <Logo />
          {/* The mark alone (no name in the settings) still says where the link goes. */}
          {shopName ? null : <span className="sr-only">Página inicial</span>}
        </Link>
        <HeaderSearch className="order-last w-full md:order-none md:mx-auto md:w-auto md:max-w-xl md:flex-1" />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <HeaderAccount buttonClassName={iconButton} />
          <HeaderCart className={iconButton} />
        </div>
      </div>
      <DesktopNav />
      {menuLoaded ? (
        <Suspense fallback={menuPlaceholder}>
          <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : (
        menuPlaceholder
      )}
    </header>
  );
}

/**
 * The top strip's promises, from the store settings: the PIX discount, instalments (only once a
 * card payment method offers them; today only PIX is paid) and free shipping. A rule the owner
 * turned off is left out, and with none (or before the settings arrive) the strip is not drawn.
 */
function PromiseStrip() {
  const store = useStore();
  if (!store) return null;
  const promises = [
    { key: 'pix', text: pixDiscountText(store), className: 'font-semibold' },
    { key: 'card', text: instalmentsPromise(store), className: 'hidden sm:inline' },
    { key: 'shipping', text: freeShippingText(store), className: undefined },
  ].filter((promise): promise is typeof promise & { text: string } => promise.text !== null);
  if (promises.length === 0) return null;
  return (
    <p className="bg-ink-900 px-2 py-2 text-center text-[0.6875rem] text-gold-200 sm:text-xs sm:tracking-wide">
      {promises.map((promise, index) => (
        <span key={promise.key} className={promise.className}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          {promise.text}
        </span>
      ))}
    </p>
  );
}
