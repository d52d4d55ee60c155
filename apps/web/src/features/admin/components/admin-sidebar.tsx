import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useShopName } from '../../../lib/store-settings.ts';
import { AdminAccountActions, AdminPerson, shellRowClasses } from './admin-account.tsx';
import { SectionIcon } from './admin-icons.tsx';
import { sectionHref, UnreadCount, useAdminSections } from './admin-nav-parts.tsx';

/** The eyebrow and the shop's name, as /admin/loja saves it; a long one is cut, whole in the title. */
export function ShellTitle({ tone }: { tone: 'dark' | 'light' }) {
  const shopName = useShopName();
  return (
    <div className="min-w-0">
      <p
        className={cn(
          'text-[10px] font-semibold tracking-[0.2em] uppercase',
          tone === 'dark' ? 'text-gold-300' : 'text-gold-700',
        )}
      >
        Painel administrativo
      </p>
      {shopName ? (
        <p
          title={shopName}
          className={cn(
            'truncate font-serif text-xl',
            tone === 'dark' ? 'text-cream-50' : 'text-ink-900',
          )}
        >
          {shopName}
        </p>
      ) : null}
    </div>
  );
}

/** Desktop (lg and up): the shop, the sections and the account, in a column beside the page. */
export function AdminSidebar() {
  const sections = useAdminSections();
  return (
    <aside className="sticky top-0 hidden h-dvh w-56 shrink-0 flex-col bg-ink-950 lg:flex">
      <div className="border-b border-ink-800 px-5 py-5">
        <ShellTitle tone="dark" />
      </div>
      <nav aria-label="Painel" className="flex-1 overflow-y-auto px-2 py-4">
        <ul className="space-y-0.5">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={sectionHref(section)}
                end={!section.path}
                className={({ isActive }) =>
                  shellRowClasses(
                    'dark',
                    isActive
                      ? 'bg-ink-800 text-gold-300 shadow-[inset_3px_0_0] shadow-gold-400 hover:text-gold-300'
                      : undefined,
                  )
                }
              >
                <SectionIcon icon={section.icon} className="size-5 shrink-0" />
                <span className="flex-1">{section.label}</span>
                {section.icon === 'messages' ? <UnreadCount /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-ink-800 px-2 py-4">
        <AdminPerson tone="dark" />
        <div className="mt-2">
          <AdminAccountActions tone="dark" />
        </div>
      </div>
    </aside>
  );
}
