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

/**
 * Which of a customer's identifying fields a role reads in the panel (customer pages and the
 * accountant's export): the owner reads the CPF and phone, a manager the phone with the CPF masked
 * (`maskCpf`), the others neither (their permissions never reach a customer page anyway).
 */
export function customerFieldsFor(role: StaffRole | null | undefined): {
  cpf: boolean;
  phone: boolean;
} {
  return { cpf: role === 'owner', phone: role === 'owner' || role === 'manager' };
}

/** '***.456.789-**': enough to tell two customers apart on the phone, not to reuse the number. */
export function maskCpf(cpf: string | null | undefined): string | null {
  const digits = (cpf ?? '').replace(/\D/g, '');
  if (digits.length !== 11) return null;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}
