import * as RadixDialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CloseIcon } from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { AdminAccountActions, AdminPerson, shellRowClasses } from './admin-account.tsx';
import { sectionOwns, splitForBar } from '../model/admin-sections.ts';
import { MoreIcon, SectionIcon } from './admin-icons.tsx';
import { sectionHref, UnreadCount, useAdminSections } from './admin-nav-parts.tsx';
import { ShellTitle } from './admin-sidebar.tsx';

const tabClasses =
  'relative flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-medium ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600';

/** The bar's mark of the current section: a gold line along its top edge. */
function activeTab(active: boolean): string {
  return cn(
    tabClasses,
    active
      ? 'text-ink-950 before:absolute before:inset-x-3 before:top-0 before:h-0.5 before:rounded-full before:bg-gold-500'
      : 'text-ink-600 hover:text-ink-950',
  );
}

/**
 * Phones (below lg): the most used sections in a bar along the bottom edge, the others and the
 * account under 'Mais'. The page leaves room for it (AdminLayout's padding).
 */
export function AdminBottomNav() {
  const sections = useAdminSections();
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();
  const { bar: primary, more: others } = splitForBar(sections);
  // 'Mais' is lit while one of the sections it holds is the page.
  const inMore = others.some((section) => sectionOwns(section, pathname));
  const close = () => setMoreOpen(false);

  return (
    <nav
      aria-label="Painel"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-cream-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(28_25_23/0.06)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex max-w-xl">
        {primary.map((section) => (
          <li key={section.path} className="flex flex-1">
            <NavLink
              to={sectionHref(section)}
              end={!section.path}
              className={({ isActive }) => activeTab(isActive)}
            >
              <span className="relative">
                <SectionIcon icon={section.icon} className="size-6" />
                {section.icon === 'messages' ? (
                  <UnreadCount className="absolute -top-1.5 left-4 min-w-4.5 px-1 text-[10px] leading-4.5" />
                ) : null}
              </span>
              {section.label}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <RadixDialog.Root open={moreOpen} onOpenChange={setMoreOpen}>
            <RadixDialog.Trigger className={activeTab(inMore)}>
              <MoreIcon className="size-6" />
              Mais
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-950/50 lg:hidden" />
              <RadixDialog.Content
                aria-describedby={undefined}
                className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-cream-50 px-3 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-2xl lg:hidden"
              >
                <div className="flex items-start justify-between gap-3 px-3 pb-2">
                  <RadixDialog.Title className="sr-only">Mais opções</RadixDialog.Title>
                  <ShellTitle tone="light" />
                  <RadixDialog.Close
                    aria-label="Fechar"
                    className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-cream-200 focus-visible:outline-2 focus-visible:outline-gold-600"
                  >
                    <CloseIcon className="size-5" />
                  </RadixDialog.Close>
                </div>
                {others.length > 0 ? (
                  <ul className="space-y-0.5 border-t border-cream-200 pt-2">
                    {others.map((section) => (
                      <li key={section.path}>
                        <NavLink
                          to={sectionHref(section)}
                          end={!section.path}
                          onClick={close}
                          className={({ isActive }) =>
                            shellRowClasses(
                              'light',
                              isActive ? 'bg-gold-100 text-ink-950' : undefined,
                            )
                          }
                        >
                          <SectionIcon icon={section.icon} className="size-5 shrink-0" />
                          {section.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="mt-2 border-t border-cream-200 pt-2">
                  <AdminPerson tone="light" />
                  <AdminAccountActions tone="light" onAction={close} />
                </div>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </li>
      </ul>
    </nav>
  );
}
