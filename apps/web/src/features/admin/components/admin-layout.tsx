import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ShieldIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { ADMIN_SECTIONS, sectionOwns } from '../model/admin-sections.ts';
import { AdminBottomNav } from './admin-bottom-nav.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { sectionHref, useAdminSections } from './admin-nav-parts.tsx';
import { AdminSidebar, ShellTitle } from './admin-sidebar.tsx';
import { DashboardPage } from './dashboard-page.tsx';

/** The API's own words to staff whose role lacks a section's permission. */
function NoAccess() {
  return (
    <PageNotice title="Acesso restrito" icon={<ShieldIcon className="size-8" />}>
      <p>Seu perfil não tem acesso a esta área.</p>
    </PageNotice>
  );
}

/**
 * /admin: the home (its queue and figures); a session whose permissions lack 'panel' (stored
 * before the home existed) opens on the first section it may open instead.
 */
export function AdminIndex() {
  const sections = useAdminSections();
  const [first] = sections;
  if (!first) return <NoAccess />;
  if (!first.path) return <DashboardPage />;
  return <Navigate to={sectionHref(first)} replace />;
}

/**
 * A section's page, or the API's refusal said at once for a section the role does not open
 * (followed from an old link or typed): its calls would all answer 403.
 */
function SectionOutlet() {
  const { pathname } = useLocation();
  const sections = useAdminSections();
  const section = ADMIN_SECTIONS.find((candidate) => sectionOwns(candidate, pathname));
  // The home decides for itself (AdminIndex): without 'panel' it opens another section.
  if (section?.path && !sections.includes(section)) return <NoAccess />;
  return <Outlet />;
}

/**
 * The panel's frame (spec 001 §2), apart from the storefront's: a sidebar on desktops, a bar of
 * sections along the bottom on phones, and the page. `notice` is the app's word above every page
 * (the sandbox notice).
 */
export function AdminLayout({ notice }: { notice?: ReactNode }) {
  return (
    <AdminGuard>
      <a
        href="#conteudo"
        className="sr-only z-[70] rounded-full bg-ink-900 px-5 py-3 text-cream-50 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>
      <div className="min-h-dvh bg-cream-50 lg:flex">
        <AdminSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          {notice}
          <div className="border-b border-cream-200 bg-cream-100 px-4 py-3 lg:hidden">
            <ShellTitle tone="light" />
          </div>
          {/* On phones the bottom bar covers the last 4 rem (and the home indicator's inset). */}
          <main
            id="conteudo"
            tabIndex={-1}
            className="flex-1 pb-[calc(5rem+env(safe-area-inset-bottom))] focus:outline-none lg:pb-0"
          >
            <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8 lg:px-6">
              <SectionOutlet />
            </div>
          </main>
        </div>
        <AdminBottomNav />
      </div>
    </AdminGuard>
  );
}
