import type { Permission } from '@lumina/shared/admin/staff-roles';
import { useAuth } from './use-auth.ts';

const NONE: readonly Permission[] = [];

/**
 * What the signed-in staff member may do, as the server answered it with the user (shared
 * admin/staff-roles.ts); none while signed out or for a customer. Only decides what the panel
 * shows: the API checks the permission of every admin call from the database.
 */
export function usePermissions(): readonly Permission[] {
  const { status, user } = useAuth();
  return status === 'authenticated' && user ? user.permissions : NONE;
}

/** Whether the signed-in staff member's role has `permission`. */
export function useCan(permission: Permission): boolean {
  return usePermissions().includes(permission);
}
