import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { CategoriesMenu } from './categories-menu.tsx';
import { CONTACT_LINK, HOME_LINK, PRODUCTS_LINK } from './nav-links.ts';

const linkClassName =
  'inline-flex min-h-11 items-center px-4 text-sm font-medium tracking-wide text-ink-800 hover:text-gold-700';

export function DesktopNav() {
  return (
    <nav aria-label="Menu principal" className="hidden border-t border-cream-200 lg:block">
      <ul className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4">
        {[HOME_LINK, PRODUCTS_LINK].map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                cn(linkClassName, isActive && 'text-gold-700 underline underline-offset-8')
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        <CategoriesMenu linkClassName={linkClassName} />
        <li>
          <Link to={CONTACT_LINK.to} className={linkClassName}>
            {CONTACT_LINK.label}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
