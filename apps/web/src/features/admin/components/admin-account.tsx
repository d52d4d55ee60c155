import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useLogout } from '../../../lib/auth/use-logout.ts';
import { openPendingTab } from '../../../lib/pending-tab.ts';
import { notify } from '../../../lib/ui-events.ts';
import { openDocsSession } from '../api/catalog.ts';
import { staffRoleLabel } from '../model/admin-sections.ts';
import { DocsIcon, ExternalIcon, LogoutIcon } from './admin-icons.tsx';

/** The sidebar is dark, the phone's 'Mais' sheet light: the same rows in either. */
export type ShellTone = 'dark' | 'light';

export function shellRowClasses(tone: ShellTone, className?: string): string {
  return cn(
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    tone === 'dark'
      ? 'text-cream-200 hover:bg-ink-800 hover:text-cream-50 focus-visible:outline-gold-400'
      : 'text-ink-800 hover:bg-cream-200 hover:text-ink-950 focus-visible:outline-gold-600',
    className,
  );
}

/** Who is signed in: name, e-mail and the role's label. */
export function AdminPerson({ tone }: { tone: ShellTone }) {
  const { user } = useAuth();
  if (!user) return null;
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="flex min-w-0 items-center gap-3 px-3 py-2">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full font-serif text-lg',
          tone === 'dark' ? 'bg-gold-400 text-ink-950' : 'bg-ink-900 text-cream-50',
        )}
      >
        {initial}
      </span>
      <div className="min-w-0">
        <p
          className={cn(
            'truncate text-sm font-semibold',
            tone === 'dark' ? 'text-cream-50' : 'text-ink-900',
          )}
        >
          {user.name}
        </p>
        <p
          title={user.email}
          className={cn('truncate text-xs', tone === 'dark' ? 'text-cream-300' : 'text-ink-600')}
        >
          {user.email}
        </p>
        <p
          className={cn(
            'mt-1 inline-block rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase',
            tone === 'dark' ? 'bg-ink-800 text-gold-300' : 'bg-gold-100 text-gold-700',
          )}
        >
          {staffRoleLabel(user)}
        </p>
      </div>
    </div>
  );
}

/**
 * Spec 001 §2's button to "a separate server-side admin system": here the API's own
 * documentation, for administrators only. The tab opens on the click (no popup blocker) and goes
 * to /api/docs once the server has set the cookie that lets this administrator in.
 */
function DocsButton({ className }: { className: string }) {
  const open = async () => {
    const tab = openPendingTab();
    try {
      const { url } = await openDocsSession();
      if (!tab.show(url)) {
        notify('Permita janelas pop-up para abrir a documentação da API.', 'error');
      }
    } catch (error) {
      tab.close();
      notify(error instanceof Error ? error.message : String(error), 'error');
    }
  };
  return (
    <button type="button" className={className} onClick={() => void open()}>
      <DocsIcon className="size-5 shrink-0" />
      Documentação da API
    </button>
  );
}

/** 'Ver loja', the API's documentation and 'Sair'; `onAction` closes a sheet they sit in. */
export function AdminAccountActions({
  tone,
  onAction,
}: {
  tone: ShellTone;
  onAction?: () => void;
}) {
  const logout = useLogout();
  const row = shellRowClasses(tone);
  return (
    <ul className="space-y-0.5">
      <li>
        <Link to="/" className={row} onClick={onAction}>
          <ExternalIcon className="size-5 shrink-0" />
          Ver loja
        </Link>
      </li>
      <li>
        <DocsButton className={row} />
      </li>
      <li>
        <button
          type="button"
          className={row}
          onClick={() => {
            onAction?.();
            void logout();
          }}
        >
          <LogoutIcon className="size-5 shrink-0" />
          Sair
        </button>
      </li>
    </ul>
  );
}
