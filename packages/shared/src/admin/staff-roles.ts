/**
 * The staff's roles and what each may do: one source for the API's guard (every admin route names
 * the permission it needs) and the web's panel (what it shows). A staff member is a user whose
 * role is 'admin'; `staff_role` says which kind.
 */
export const STAFF_ROLES = ['owner', 'manager', 'operator', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'panel', // the panel's home: its queue shows only what the role's other permissions reach
  'orders', // orders, payments confirm/refund, returns/withdrawals, labels, NF-e, packing slips
  'catalogue', // products, variants, stock, photos, categories, Bling product sync/mapping
  'customers', // customer list/pages, contact messages
  'promotions', // coupons and automatic promotions
  'reports', // the home's figures and the accountant's exports
  'settings', // store settings, Melhor Envio and Bling connections, payment settings
  'staff', // invitations, roles, removal
  'security', // security log and alerts
  'privacy', // LGPD requests and erasure
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: ['panel', 'orders', 'catalogue', 'customers', 'promotions', 'reports'],
  operator: ['panel', 'orders'],
  catalogue: ['panel', 'catalogue'],
};

/** Whether a staff role has the permission; no role (a customer, an unknown value) has none. */
export function can(role: StaffRole | null | undefined, permission: Permission): boolean {
  if (role === null || role === undefined) return false;
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Proprietário',
  manager: 'Gerente',
  operator: 'Operador',
  catalogue: 'Catálogo',
};
