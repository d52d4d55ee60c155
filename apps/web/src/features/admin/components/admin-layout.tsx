import { Link, NavLink, Outlet } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useLogout } from '../../../lib/auth/use-logout.ts';
import { useShopName } from '../../../lib/store-settings.ts';
import { openPendingTab } from '../../../lib/pending-tab.ts';
import { notify } from '../../../lib/ui-events.ts';
import { openDocsSession } from '../api/catalog.ts';
import { useUnreadContactMessages } from '../api/contact-messages.ts';
import { AdminGuard } from './admin-guard.tsx';

// Messages come second: on a phone the tabs scroll sideways and the first ones, with the unread
// count, are the ones seen without scrolling.
const SECTIONS = [
  { to: '/admin/pedidos', label: 'Pedidos' },
  { to: '/admin/mensagens', label: 'Mensagens' },
  { to: '/admin/devolucoes', label: 'Devoluções' },
  { to: '/admin/produtos', label: 'Produtos' },
  { to: '/admin/cupons', label: 'Cupons' },
  { to: '/admin/seguranca', label: 'Segurança' },
  { to: '/admin/privacidade', label: 'Privacidade' },
  { to: '/admin/loja', label: 'Loja' },
] as const;

/** The messages tab's count of unread contact messages, when there are any. */
function UnreadCount() {
  const unread = useUnreadContactMessages().data ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-messages"
        className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-gold-400 px-1.5 text-xs font-bold text-ink-950"
      >
        {unread}
      </span>
      <span className="sr-only">{unread === 1 ? ', 1 não lida' : `, ${unread} não lidas`}</span>
    </>
  );
}

/**
 * Spec 001 §2's button to "a separate server-side admin system": here the API's own
 * documentation, for administrators only. The tab opens on the click (no popup blocker) and goes
 * to /api/docs once the server has set the cookie that lets this administrator in.
 */
function DocsButton() {
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
    <button
      type="button"
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
      onClick={() => void open()}
    >
      Documentação da API
    </button>
  );
}

/** The panel's frame (spec 001 §2): its header with the account page and 'Sair', and sections. */
export function AdminLayout() {
  const { user } = useAuth();
  const logout = useLogout();
  const shopName = useShopName();
  return (
    <AdminGuard>
      <div className="border-b border-cream-200 bg-cream-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="min-w-0 max-w-full">
            <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">
              Painel administrativo
            </p>
            {/* The shop's trade name as /admin/loja saves it; a long one is cut, whole in the title. */}
            {shopName ? (
              <p title={shopName} className="truncate font-serif text-2xl text-ink-900">
                {shopName}
              </p>
            ) : null}
            {user ? <p className="text-sm text-ink-700">{user.email}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <DocsButton />
            <Link to="/minha-conta" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Minha Conta
            </Link>
            <button
              type="button"
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              onClick={() => void logout()}
            >
              Sair
            </button>
          </div>
        </div>
        <nav aria-label="Seções do painel" className="mx-auto max-w-7xl px-4">
          {/* Phones scroll the tabs sideways instead of wrapping them. */}
          <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex min-h-11 items-center rounded-t-lg px-4 text-sm font-semibold whitespace-nowrap',
                      isActive ? 'bg-cream-50 text-ink-900' : 'text-ink-700 hover:text-ink-900',
                    )
                  }
                >
                  {section.label}
                  {section.to === '/admin/mensagens' ? <UnreadCount /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <Outlet />
      </div>
    </AdminGuard>
  );
}
