import { Link } from 'react-router';
import { UserIcon } from '../../components/icons.tsx';
import { useSignedInAs } from '../../lib/auth/use-signed-in-as.ts';
import { openLoginDialog } from '../../lib/ui-events.ts';
import { preloadAuthDialog } from './auth-dialog-host.tsx';
import { useLogout } from '../../lib/auth/use-logout.ts';

/**
 * The header's account entry (spec 000 §2): "Entrar" opens the auth modal; once logged in, a
 * greeting with "Minha Conta" and "Sair" (on phones the greeting and "Sair" are in the menu).
 */
export function HeaderAccount({ buttonClassName }: { buttonClassName: string }) {
  const who = useSignedInAs();
  const logout = useLogout();

  if (who) {
    return (
      <>
        <p className="hidden max-w-40 truncate text-sm text-ink-800 sm:block">
          Olá, <span className="font-semibold">{who.firstName}</span>
        </p>
        {who.role === 'admin' ? (
          <Link
            to="/admin"
            className="hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold text-gold-700 hover:bg-cream-200 sm:inline-flex"
          >
            Admin
          </Link>
        ) : null}
        <Link to="/minha-conta" className={buttonClassName}>
          <UserIcon className="size-6" />
          <span className="sr-only text-sm font-medium lg:not-sr-only">Minha Conta</span>
        </Link>
        <button
          type="button"
          className="hidden min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink-900 hover:bg-cream-200 sm:inline-flex"
          onClick={() => void logout()}
        >
          Sair
        </button>
      </>
    );
  }
  return (
    <button
      type="button"
      className={buttonClassName}
      onClick={() => openLoginDialog('login')}
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
    >
      <UserIcon className="size-6" />
      <span className="sr-only text-sm font-medium sm:not-sr-only">Entrar</span>
    </button>
  );
}
