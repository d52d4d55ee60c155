import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSignedInAs } from '../../lib/auth/use-signed-in-as.ts';
import { useLogout } from '../../lib/auth/use-logout.ts';
import {
  CATEGORIES_LINK,
  CATEGORY_LINKS,
  CONTACT_LINK,
  HOME_LINK,
  PRODUCTS_LINK,
} from './nav-links.ts';

const linkClassName =
  'flex min-h-12 items-center rounded-lg px-3 text-base text-ink-900 hover:bg-cream-100';

/** The phone menu: a disclosure panel under the header, controlled by the header's menu button. */
export function MobileMenu({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const who = useSignedInAs();
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <nav
      id={id}
      aria-label="Menu"
      hidden={!open}
      className="border-t border-cream-200 bg-cream-50 px-4 pt-2 pb-4 lg:hidden"
    >
      {/* On phones the header has room for the account icon only: greeting and "Sair" live here.
          Anonymous visitors use the header's "Entrar" button. */}
      {who ? (
        <div className="mb-2 border-b border-cream-200 pb-3">
          <p className="px-3 py-2 text-base text-ink-900">
            Olá, <span className="font-semibold">{who.firstName}</span>
          </p>
          <div className="grid grid-cols-2 gap-1">
            <Link to="/minha-conta" className={linkClassName}>
              Minha Conta
            </Link>
            <button
              type="button"
              className={linkClassName}
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              Sair
            </button>
            {who.role === 'admin' ? (
              <Link
                to="/admin"
                className={`${linkClassName} col-span-2 font-semibold text-gold-700`}
              >
                Painel Admin
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
      <ul className="space-y-1">
        {[HOME_LINK, PRODUCTS_LINK].map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClassName}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-widest text-gold-700 uppercase">
            Categorias
          </p>
          <ul className="grid grid-cols-2 gap-1">
            {[...CATEGORY_LINKS, CATEGORIES_LINK].map((link) => (
              <li key={link.to} className={link === CATEGORIES_LINK ? 'col-span-2' : undefined}>
                <Link to={link.to} className={linkClassName}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <Link to={CONTACT_LINK.to} className={linkClassName}>
            {CONTACT_LINK.label}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
