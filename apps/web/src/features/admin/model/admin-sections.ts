import { type Permission, STAFF_ROLE_LABELS } from '@lumina/shared/admin/staff-roles';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';

/** Who the shell shows; the fields optional so a session stored before the roles still reads. */
type StaffUser = Pick<AuthUser, 'name' | 'email'> &
  Partial<Pick<AuthUser, 'staff_role' | 'permissions'>>;

export type AdminSectionIcon =
  | 'home'
  | 'orders'
  | 'messages'
  | 'returns'
  | 'products'
  | 'reviews'
  | 'customers'
  | 'coupons'
  | 'security'
  | 'privacy'
  | 'store'
  | 'staff';

export interface AdminSection {
  /** The address under /admin (routes.tsx); '' is the panel's home, /admin itself. */
  path: string;
  label: string;
  /** What the API asks of the role for the section's calls. */
  permission: Permission;
  icon: AdminSectionIcon;
  /** On the phone's bottom bar (its first BAR_SLOTS); the others wait under 'Mais'. */
  primary: boolean;
}

/** The phone's bar holds this many sections beside 'Mais': five tabs fit a 360 px screen. */
export const BAR_SLOTS = 4;

// The order is the panel's: the most used first (the phone's bar shows the primary ones in it).
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', label: 'Início', permission: 'panel', icon: 'home', primary: true },
  { path: 'pedidos', label: 'Pedidos', permission: 'orders', icon: 'orders', primary: true },
  {
    path: 'mensagens',
    label: 'Mensagens',
    permission: 'customers',
    icon: 'messages',
    primary: true,
  },
  { path: 'devolucoes', label: 'Devoluções', permission: 'orders', icon: 'returns', primary: true },
  {
    path: 'produtos',
    label: 'Produtos',
    permission: 'catalogue',
    icon: 'products',
    primary: true,
  },
  {
    path: 'avaliacoes',
    label: 'Avaliações',
    permission: 'catalogue',
    icon: 'reviews',
    primary: true,
  },
  {
    path: 'clientes',
    label: 'Clientes',
    permission: 'customers',
    icon: 'customers',
    primary: false,
  },
  { path: 'cupons', label: 'Cupons', permission: 'promotions', icon: 'coupons', primary: false },
  {
    path: 'seguranca',
    label: 'Segurança',
    permission: 'security',
    icon: 'security',
    primary: false,
  },
  {
    path: 'privacidade',
    label: 'Privacidade',
    permission: 'privacy',
    icon: 'privacy',
    primary: false,
  },
  { path: 'loja', label: 'Loja', permission: 'settings', icon: 'store', primary: false },
  { path: 'equipe', label: 'Equipe', permission: 'staff', icon: 'staff', primary: false },
];

/** '/admin' for the home, '/admin/pedidos' for the orders... */
export function sectionHref(section: AdminSection): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}

/** Whether the page at `pathname` belongs to the section: the home owns /admin alone. */
export function sectionOwns(section: AdminSection, pathname: string): boolean {
  const href = sectionHref(section);
  if (!section.path) return pathname === href || pathname === `${href}/`;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The phone's bar and what waits under 'Mais': the first BAR_SLOTS primary sections on the bar,
 * every other in the sheet, each side in the panel's order.
 */
export function splitForBar(sections: readonly AdminSection[]) {
  const bar = sections.filter((section) => section.primary).slice(0, BAR_SLOTS);
  return { bar, more: sections.filter((section) => !bar.includes(section)) };
}

/**
 * The sections this person may open: those their role's permissions name. A user JSON without
 * `permissions` (an API from before the roles) is an administrator of the old kind, who opens
 * everything. Only a shortcut for the eye: the API checks each call on its own.
 */
export function sectionsFor(user: StaffUser | null | undefined): AdminSection[] {
  const permissions = user?.permissions;
  if (!permissions) return [...ADMIN_SECTIONS];
  return ADMIN_SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** 'Proprietário', 'Gerente'...; 'Administrador' while the user JSON has no staff role. */
export function staffRoleLabel(user: StaffUser | null | undefined): string {
  const role = user?.staff_role;
  return role ? STAFF_ROLE_LABELS[role] : 'Administrador';
}
